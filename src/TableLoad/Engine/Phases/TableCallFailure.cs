using TableLoad.Storage;

namespace TableLoad.Engine.Phases;

/// <summary>A call on the table that the service refused or left unanswered, said in one sentence.</summary>
internal static class TableCallFailure
{
    public static bool Is(Exception failure) => failure is TableServiceException or HttpRequestException;

    /// <summary>The service's own sentence, or the transport's reason.</summary>
    public static string Sentence(Exception failure, string doing) => failure is HttpRequestException http
        ? $"Could not {doing}: the Table endpoint stopped answering ({http.HttpRequestError})."
        : failure.Message;
}
