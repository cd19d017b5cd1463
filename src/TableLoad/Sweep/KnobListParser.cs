using System.Globalization;
using TableLoad.Settings;
using TableLoad.Storage;
using TableLoad.Workload;

namespace TableLoad.Sweep;

/// <summary>
/// Reads a knob's comma-separated list (<c>4,12,32</c>, <c>single,spread:8</c>). Only the form is
/// checked here; whether each value is one <c>run</c> accepts is checked per cell by run's own rules.
/// </summary>
internal static class KnobListParser
{
    public static IReadOnlyList<int> Integers(string? text, string option, string example) =>
        Parse(text, option, example, item =>
            int.TryParse(item, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var value)
                ? value
                : throw new UsageException($"{option} value '{item}' is not a whole number; give a comma-separated list such as {option} {example}."));

    /// <summary>Batch sizes: whole numbers, or none for single writes (each entity its own request).</summary>
    public static IReadOnlyList<Batching> BatchSizes(string? text) =>
        Parse(text, "--batch-size", $"{Batching.NoneText},10,100", item =>
            Batching.TryParse(item, out var batching)
                ? batching
                : throw new UsageException($"--batch-size value '{item}' is neither {Batching.NoneText} nor a whole number; give a comma-separated list such as --batch-size {Batching.NoneText},10,100."));

    /// <summary>Partition strategies in their canonical spelling, so <c>Single</c> and <c>single</c> are one cell.</summary>
    public static IReadOnlyList<string> Partitions(string? text) =>
        Parse(text, "--partitions", "single,spread:8", item =>
            PartitionStrategy.TryParse(item)?.ToString()
            ?? throw new UsageException($"--partitions value '{item}' must be single, per-task or spread:N with N from 1 to 1000000."));

    /// <summary>Client names in their canonical spelling (sdk, wire), so <c>SDK</c> and <c>sdk</c> are one cell.</summary>
    public static IReadOnlyList<BatchClientKind> Clients(string? text) =>
        Parse(text, "--client", "sdk,wire", item =>
            BatchClientKindNames.TryParse(item, out var kind)
                ? kind
                : throw new UsageException($"--client value '{item}' must be sdk or wire."));

    /// <summary>Runtime profiles in their canonical spelling (tuned, defaults).</summary>
    public static IReadOnlyList<string> Runtimes(string? text) =>
        Parse(text, "--runtime", "tuned,defaults", item =>
            RuntimeProfiles.TryParse(item, out var profile)
                ? profile.ToName()
                : throw new UsageException($"--runtime value '{item}' must be tuned or defaults."));

    /// <summary>Operations in their canonical spelling (insert, read-modify-write), a refusal naming every one.</summary>
    public static IReadOnlyList<CellWorkload> Operations(string? text) =>
        Parse<CellWorkload>(text, "--operation", "insert,upsert-merge", item =>
            TableOperationNames.TryParse(item, out var operation)
                ? new CellWorkload.OneOperation(operation)
                : throw new UsageException($"--operation value '{item}' must be one of {TableOperationNames.AllNames}."));

    /// <summary>Open-model rates, each in entities per second (1000, 1000eps) or requests per second (2000rps), all in one unit; an absent list is the closed model (one null value).</summary>
    public static IReadOnlyList<RateTarget?> Rates(string? text)
    {
        if (text is null)
        {
            return [null];
        }

        var rates = Parse<RateTarget?>(text, "--rate", "1000,5000", item =>
            RateTarget.TryParse(item, out var rate) && rate.Value > 0
                ? rate
                : throw new UsageException($"--rate value '{item}' is not a positive rate such as {RateTarget.Forms}; give a list such as --rate 1000,5000 or --rate 1000rps,2000rps."));
        if (rates.Select(r => r!.Value.Unit).Distinct().Count() > 1)
        {
            // One unit per sweep: sweep.csv's rate column and its plots are read in one.
            throw new UsageException($"--rate '{text}' mixes entities per second and requests per second; give every rate of a sweep in one unit, such as --rate 1000,5000 or --rate 1000rps,2000rps.");
        }

        return rates;
    }

    private static IReadOnlyList<T> Parse<T>(string? text, string option, string example, Func<string, T> parseItem)
    {
        if (string.IsNullOrWhiteSpace(text))
        {
            throw new UsageException($"{option} needs at least one value, such as {option} {example}.");
        }

        var values = new List<T>();
        foreach (var raw in text.Split(','))
        {
            var item = raw.Trim();
            if (item.Length == 0)
            {
                throw new UsageException($"{option} '{text}' has an empty value; give a comma-separated list such as {option} {example}.");
            }

            var value = parseItem(item);
            if (values.Contains(value))
            {
                throw new UsageException($"{option} lists {Show(value)} twice; give each value once.");
            }

            values.Add(value);
        }

        return values;
    }

    private static string Show<T>(T value) => value switch
    {
        RateTarget rate => rate.Text(),
        BatchClientKind client => client.ToName(),
        IFormattable f => f.ToString(null, CultureInfo.InvariantCulture),
        _ => value?.ToString() ?? "",
    };
}
