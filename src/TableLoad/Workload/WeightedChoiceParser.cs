using System.Globalization;

namespace TableLoad.Workload;

/// <summary>What a name of a weighted choice stands for (e.g. <c>TableOperationNames.TryParse</c>); false for no such name.</summary>
internal delegate bool NameResolver<T>(string name, out T item);

/// <summary>
/// Reads <c>NAME:WEIGHT,NAME:WEIGHT</c> (<c>read:80,upsert-replace:20</c>) into a <see cref="WeightedChoice{T}"/>, with
/// the caller's names. Weights are numbers of 0 or more in any unit (80/20 and 4/1 are one mix); a refusal is one
/// sentence naming the option, for the command line to list with its other faults (<c>UsageErrors.Require</c>).
/// </summary>
internal static class WeightedChoiceParser
{
    /// <summary>The choice, or false and the one sentence that says why not.</summary>
    /// <param name="option">The option the text came from, to name it (<c>--mix</c>).</param>
    /// <param name="names">The names <paramref name="resolve"/> knows, for the sentence refusing another (<c>read, query or delete</c>).</param>
    /// <param name="example">A valid text, to show how one is written.</param>
    public static bool TryParse<T>(string? text, string option, NameResolver<T> resolve, string names, string example, out WeightedChoice<T> choice, out string fault)
        where T : notnull
    {
        choice = null!;
        fault = "";
        var format = $"write NAME:WEIGHT pairs such as {option} {example}";
        if (string.IsNullOrWhiteSpace(text))
        {
            fault = $"{option} is empty; {format}.";
            return false;
        }

        var weighted = new List<(T Item, double Weight)>();
        foreach (var raw in text.Split(','))
        {
            var pair = raw.Trim();
            if (!TryReadPair(pair, option, resolve, names, format, out var item, out var weight, out fault))
            {
                return false;
            }

            if (weighted.Any(w => EqualityComparer<T>.Default.Equals(w.Item, item)))
            {
                fault = $"{option} '{text}' names {pair[..pair.IndexOf(':', StringComparison.Ordinal)].Trim()} twice; give each once, with its whole weight.";
                return false;
            }

            weighted.Add((item, weight));
        }

        var sum = weighted.Sum(w => w.Weight);
        if (!double.IsFinite(sum))
        {
            fault = $"{option} '{text}' has weights too large to add up; give smaller ones, such as shares of 100.";
            return false;
        }

        if (sum <= 0)
        {
            fault = $"{option} '{text}' has weights that sum to 0, so nothing could be drawn; give at least one a weight above 0.";
            return false;
        }

        choice = new WeightedChoice<T>(weighted);
        return true;
    }

    private static bool TryReadPair<T>(string pair, string option, NameResolver<T> resolve, string names, string format, out T item, out double weight, out string fault)
    {
        item = default!;
        weight = 0;
        fault = "";
        var colon = pair.IndexOf(':', StringComparison.Ordinal);
        if (pair.Length == 0 || colon < 0)
        {
            fault = pair.Length == 0
                ? $"{option} has an empty pair (two commas, or one at an end); {format}."
                : $"{option} '{pair}' has no weight; {format}.";
            return false;
        }

        var name = pair[..colon].Trim();
        var weightText = pair[(colon + 1)..].Trim();
        if (!double.TryParse(weightText, NumberStyles.Float, CultureInfo.InvariantCulture, out weight) || !double.IsFinite(weight))
        {
            fault = $"{option} '{pair}' has a weight that is not a number, '{weightText}'; {format}.";
            return false;
        }

        if (weight < 0)
        {
            fault = $"{option} '{pair}' has a negative weight; a weight is 0 or more.";
            return false;
        }

        if (name.Length == 0 || !resolve(name, out item))
        {
            fault = name.Length == 0
                ? $"{option} '{pair}' has no name before its weight; {format}."
                : $"{option} '{pair}' names '{name}', which is not one of {names}.";
            return false;
        }

        return true;
    }
}
