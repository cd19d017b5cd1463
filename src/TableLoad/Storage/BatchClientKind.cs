using System.Text.Json.Serialization;

namespace TableLoad.Storage;

/// <summary>Which client sends the batches. The names are the <c>--client</c> values and the <c>client</c> field of every result file.</summary>
[JsonConverter(typeof(BatchClientKindJsonConverter))]
internal enum BatchClientKind
{
    /// <summary>Azure.Data.Tables' <c>TableClient.SubmitTransactionAsync</c>: what applications run.</summary>
    Sdk,

    /// <summary>TableLoad's own wire client: pre-serialised bodies, the service's ceiling.</summary>
    Wire,
}

internal static class BatchClientKindNames
{
    public static string ToName(this BatchClientKind kind) => kind switch
    {
        BatchClientKind.Sdk => "sdk",
        BatchClientKind.Wire => "wire",
    };

    public static bool TryParse(string? text, out BatchClientKind kind)
    {
        foreach (var candidate in Enum.GetValues<BatchClientKind>())
        {
            if (string.Equals(text?.Trim(), candidate.ToName(), StringComparison.OrdinalIgnoreCase))
            {
                kind = candidate;
                return true;
            }
        }

        kind = default;
        return false;
    }
}
