using System.Text.Json.Serialization;
using System.Text.RegularExpressions;
using TableLoad.Storage;

namespace TableLoad.Settings;

/// <summary>
/// Where <c>--service-log</c> reads the service's request log: local files, or a blob container of the run's own account. Travels to the
/// workers with the run's settings, as JSON.
/// </summary>
[JsonPolymorphic(TypeDiscriminatorPropertyName = "kind")]
[JsonDerivedType(typeof(LogFiles), "files")]
[JsonDerivedType(typeof(LogContainer), "container")]
internal abstract partial record ServiceLogLocation
{
    // Only the locations nested here derive.
    private ServiceLogLocation()
    {
    }

    /// <summary>The option's form that names a container rather than a path.</summary>
    public const string ContainerPrefix = "container:";

    public static ServiceLogLocation Parse(string text) => text.StartsWith(ContainerPrefix, StringComparison.Ordinal)
        ? new LogContainer(text[ContainerPrefix.Length..])
        : new LogFiles(text);

    /// <summary>The sentence that refuses the option before any request; null when it may be read.</summary>
    /// <param name="account">The account whose blob service a container is read from; null when it was refused, which said so.</param>
    public abstract string? Refusal(StorageTarget? account);

    /// <summary>The one way to decide by the location: a function for each.</summary>
    public abstract T Match<T>(Func<LogFiles, T> files, Func<LogContainer, T> container);

    /// <summary>A file, or a folder of files read in path order (the container's blobs as downloaded).</summary>
    public sealed record LogFiles(string Path) : ServiceLogLocation
    {
        public override string? Refusal(StorageTarget? account) => File.Exists(Path) || Directory.Exists(Path)
            ? null
            : $"--service-log '{Path}' does not exist: give the file or folder that holds the service's request log.";

        public override T Match<T>(Func<LogFiles, T> files, Func<LogContainer, T> container) => files(this);
    }

    /// <summary>A container of the account's blob service: <c>insights-logs-storagetablelogs</c> (a diagnostic setting's archive) or <c>$logs</c>.</summary>
    public sealed record LogContainer(string Name) : ServiceLogLocation
    {
        /// <summary>The classic Storage Analytics log's container.</summary>
        public const string Classic = "$logs";

        public override string? Refusal(StorageTarget? account) =>
            !ContainerName().IsMatch(Name) && Name != Classic
                ? $"--service-log '{ContainerPrefix}{Name}' names no blob container: give container:insights-logs-storagetablelogs, container:$logs, or another name of 3 to 63 lowercase letters, digits and hyphens."
                : account is { BlobEndpoint: null }
                    ? $"--service-log '{ContainerPrefix}{Name}' reads the account's blob service, which neither the connection string nor the table endpoint names: give a connection string with its BlobEndpoint."
                    : null;

        public override T Match<T>(Func<LogFiles, T> files, Func<LogContainer, T> container) => container(this);
    }

    [GeneratedRegex("^[a-z0-9](?!.*--)[a-z0-9-]{1,61}[a-z0-9]$")]
    private static partial Regex ContainerName();
}
