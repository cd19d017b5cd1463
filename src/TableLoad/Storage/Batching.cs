using System.Globalization;
using System.Text.Json.Serialization;

namespace TableLoad.Storage;

/// <summary>
/// What <c>--batch-size</c> says: entity group transactions of <paramref name="Size"/> operations, or <c>none</c>, each write its own
/// request (<see cref="WriteForm.Single"/>, one entity a request). In run.json, summary.json, sweep.json and sweep.csv a transaction's
/// size is its number and single writes are <c>"none"</c>.
/// </summary>
[JsonConverter(typeof(BatchingJsonConverter))]
internal readonly record struct Batching(WriteForm Form, int Size)
{
    /// <summary>The option's word for single writes.</summary>
    public const string NoneText = "none";

    /// <summary>Each write its own request: one entity a request.</summary>
    public static Batching None { get; } = new(WriteForm.Single, 1);

    public static Batching Of(int size) => new(WriteForm.Transaction, size);

    /// <summary>A number is a transaction's size, as <c>--batch-size 100</c> and every result file before single writes say.</summary>
    public static implicit operator Batching(int size) => Of(size);

    /// <summary>As <c>--batch-size</c> takes it: the transaction's size, or <c>none</c>.</summary>
    public string Text => Form switch
    {
        WriteForm.Transaction => Size.ToString(CultureInfo.InvariantCulture),
        WriteForm.Single => NoneText,
    };

    /// <summary><c>none</c>, or a whole number (its range is the option's to judge).</summary>
    public static bool TryParse(string? text, out Batching batching)
    {
        var trimmed = text?.Trim();
        if (string.Equals(trimmed, NoneText, StringComparison.OrdinalIgnoreCase))
        {
            batching = None;
            return true;
        }

        var number = int.TryParse(trimmed, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var size);
        batching = Of(size);
        return number;
    }

    /// <summary>What requests of <paramref name="operations"/> are, as the final table names them: "batches of 100 inserts", "single inserts".</summary>
    public string Requests(string operations) => Form switch
    {
        WriteForm.Transaction => string.Create(CultureInfo.InvariantCulture, $"batches of {Size} {operations}"),
        WriteForm.Single => $"single {operations}",
    };

    public override string ToString() => Text;
}
