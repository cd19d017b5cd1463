using Microsoft.AspNetCore.Http;

namespace TableLoad.Bench.FakeEndpoint;

/// <summary>
/// The 204 of a single write, as the Table service answers it with no body: a PUT, PATCH, MERGE or DELETE of one entity's
/// address, or a POST of one entity to its table that asked for no content back. Its headers are the service's: the entity's
/// new ETag (which the SDK hands back in its answer) and the versions.
/// </summary>
internal static class SingleWriteAnswers
{
    private const string NoContent = "return-no-content";

    /// <summary>True for a request that writes or deletes one entity by itself; table calls and batches are not.</summary>
    public static bool Matches(HttpRequest request)
    {
        var path = request.Path.Value ?? "";
        var method = request.Method;
        if (HttpMethods.IsPut(method) || HttpMethods.IsPatch(method) || HttpMethods.IsDelete(method) || method == "MERGE")
        {
            return EntityAnswers.TryKeys(path, out _, out _);
        }

        // An insert POSTs to /account/table; a table's creation to /account/Tables.
        return HttpMethods.IsPost(method) && path.Count(c => c == '/') == 2 && !path.EndsWith("/Tables", StringComparison.Ordinal)
            && !path.EndsWith("/$batch", StringComparison.Ordinal);
    }

    public static void Write(HttpRequest request, HttpResponse response)
    {
        response.StatusCode = StatusCodes.Status204NoContent;
        response.Headers.ETag = EntityAnswers.ETag;
        response.Headers["x-ms-version"] = "2019-02-02";
        response.Headers["DataServiceVersion"] = "3.0;";
        if (request.Headers["Prefer"] == NoContent)
        {
            response.Headers["Preference-Applied"] = NoContent;
        }
    }
}
