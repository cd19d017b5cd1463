namespace TableLoad.Service.Log;

/// <summary>The lines of the service's request log, streamed.</summary>
internal interface IServiceLogLines
{
    /// <param name="hours">The hours (UTC, on the hour) whose records the join needs; a source sorted by hour reads only theirs.</param>
    IEnumerable<string> Lines(IReadOnlyCollection<DateTimeOffset> hours);
}
