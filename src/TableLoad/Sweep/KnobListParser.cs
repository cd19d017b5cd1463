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
    public static IReadOnlyList<string> Clients(string? text) =>
        Parse(text, "--client", "sdk,wire", item =>
            BatchClientKindNames.TryParse(item, out var kind)
                ? kind.ToName()
                : throw new UsageException($"--client value '{item}' must be sdk or wire."));

    /// <summary>Runtime profiles in their canonical spelling (tuned, defaults).</summary>
    public static IReadOnlyList<string> Runtimes(string? text) =>
        Parse(text, "--runtime", "tuned,defaults", item =>
            RuntimeProfiles.TryParse(item, out var profile)
                ? profile.ToName()
                : throw new UsageException($"--runtime value '{item}' must be tuned or defaults."));

    /// <summary>Batch operations in their canonical spelling (insert, upsert-replace, upsert-merge).</summary>
    public static IReadOnlyList<string> Operations(string? text) =>
        Parse(text, "--operation", "insert,upsert-merge", item =>
            TableOperationNames.TryParse(item, out var operation)
                ? operation.ToName()
                : throw new UsageException($"--operation value '{item}' must be insert, upsert-replace or upsert-merge."));

    /// <summary>Open-model rates in entities per second; an absent list is the closed model (one null value).</summary>
    public static IReadOnlyList<double?> Rates(string? text)
    {
        if (text is null)
        {
            return [null];
        }

        return Parse<double?>(text, "--rate", "1000,5000", item =>
            double.TryParse(item, NumberStyles.AllowDecimalPoint, CultureInfo.InvariantCulture, out var value) && value > 0 && double.IsFinite(value)
                ? value
                : throw new UsageException($"--rate value '{item}' is not a positive number of entities per second; give a list such as --rate 1000,5000."));
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
        double d => SweepCell.FormatRate(d),
        IFormattable f => f.ToString(null, CultureInfo.InvariantCulture),
        _ => value?.ToString() ?? "",
    };
}
