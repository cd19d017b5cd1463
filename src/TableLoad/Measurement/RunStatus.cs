using System.Text.Json.Serialization;

namespace TableLoad.Measurement;

/// <summary>How a run ended; <c>partial</c> means a part of the load (a process) failed. Ordered from best to worst, as a merge takes the worst.</summary>
[JsonConverter(typeof(JsonStringEnumConverter<RunStatus>))]
internal enum RunStatus
{
    [JsonStringEnumMemberName("complete")]
    Complete,

    [JsonStringEnumMemberName("interrupted")]
    Interrupted,

    [JsonStringEnumMemberName("partial")]
    Partial,
}

internal static class RunStatusExtensions
{
    /// <summary>The status as result files write it.</summary>
    public static string ToSnakeCase(this RunStatus status) => status switch
    {
        RunStatus.Complete => "complete",
        RunStatus.Interrupted => "interrupted",
        RunStatus.Partial => "partial",
    };

    /// <summary>The status a result file wrote, read back; null when the text names none.</summary>
    public static RunStatus? FromSnakeCase(string text) =>
        Enum.GetValues<RunStatus>().Where(status => status.ToSnakeCase() == text).Select(status => (RunStatus?)status).FirstOrDefault();
}
