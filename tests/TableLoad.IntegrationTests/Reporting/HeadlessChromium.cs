using System.Diagnostics;

namespace TableLoad.IntegrationTests.Reporting;

/// <summary>
/// Debian's chromium in headless mode with the network off (no proxy reachable, no name resolves) and
/// a fresh profile per call, so a page can only show what it carries itself.
/// </summary>
public static class HeadlessChromium
{
    private static readonly TimeSpan Limit = TimeSpan.FromMinutes(1);

    public static string Program => TableLoad.Reporting.AnalysisReport.FindOnPath("chromium", Environment.GetEnvironmentVariable("PATH"))
        ?? throw new InvalidOperationException("chromium is not installed; scripts/install-deps.sh installs it.");

    /// <summary>The page's DOM after it loaded and its scripts ran.</summary>
    public static Task<string> DumpDomAsync(string htmlFile) => RunAsync(htmlFile, "--dump-dom", "--virtual-time-budget=5000");

    public static Task<string> ScreenshotAsync(string htmlFile, string pngFile) =>
        RunAsync(htmlFile, $"--screenshot={pngFile}", "--window-size=1200,2400", "--hide-scrollbars");

    private static async Task<string> RunAsync(string htmlFile, params string[] extra)
    {
        var profile = Directory.CreateTempSubdirectory("tableload-chromium-").FullName;
        try
        {
            var info = new ProcessStartInfo(Program);
            foreach (var flag in new[]
            {
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--no-first-run", $"--user-data-dir={profile}",
                // Network off: every connection would go to a proxy that is not there, and no name resolves.
                "--proxy-server=http://127.0.0.1:9", "--host-resolver-rules=MAP * ~NOTFOUND",
            }.Concat(extra))
            {
                info.ArgumentList.Add(flag);
            }

            info.ArgumentList.Add(new Uri(Path.GetFullPath(htmlFile)).AbsoluteUri);
            var (exitCode, stdout, stderr) = await Infrastructure.ChildProcess.RunAsync(info, Limit);
            Assert.True(exitCode == 0, $"chromium exited with {exitCode}: {stderr}");
            return stdout;
        }
        finally
        {
            Directory.Delete(profile, recursive: true);
        }
    }
}
