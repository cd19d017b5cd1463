using System.Globalization;
using System.Text.RegularExpressions;

namespace TableLoad.IntegrationTests.Infrastructure;

/// <summary>A <c>tableload proxy</c> child process, known by the port it says it listens on.</summary>
public static partial class ProxyProcess
{
    /// <summary>The port from the proxy's first line, once it has printed it.</summary>
    public static async Task<int> ListeningPortAsync(TableLoadProcess proxy, TimeSpan limit)
    {
        var deadline = DateTime.UtcNow + limit;
        while (DateTime.UtcNow < deadline)
        {
            var match = ListeningLine().Match(proxy.StandardOutput);
            if (match.Success)
            {
                return int.Parse(match.Groups[1].Value, CultureInfo.InvariantCulture);
            }

            await Task.Delay(50);
        }

        throw new TimeoutException($"the proxy never said where it listens. stderr: {proxy.StandardError}");
    }

    [GeneratedRegex(@"^proxy listening on http://127\.0\.0\.1:(\d+) → ", RegexOptions.Multiline)]
    private static partial Regex ListeningLine();
}
