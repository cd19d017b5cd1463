using System.Text.Json;
using TableLoad.Settings;

namespace TableLoad.ChildRuns;

/// <summary>
/// The output folder of a sweep or a tune: refused when it already holds one, unless <c>--resume</c> is given,
/// and then only with the run options the earlier one was started with (its rows were measured with them).
/// </summary>
/// <param name="Noun">"sweep" or "tune", for the sentences.</param>
internal sealed record ResumableFolder(string Directory, string RowsFile, string DescriptionFile, string Noun)
{
    /// <param name="earlierArguments">Reads the run options from the description file; a <see cref="JsonException"/> when it cannot.</param>
    public void Check(bool resume, IReadOnlyList<string> runArguments, Func<string, IReadOnlyList<string>?> earlierArguments)
    {
        if (!resume)
        {
            if (File.Exists(Path.Combine(Directory, RowsFile)))
            {
                throw new UsageException($"{Directory} already holds a {Noun}; add --resume to finish it, or choose another --output.");
            }

            return;
        }

        var jsonPath = Path.Combine(Directory, DescriptionFile);
        if (!File.Exists(jsonPath))
        {
            return;
        }

        IReadOnlyList<string> earlier;
        try
        {
            earlier = earlierArguments(jsonPath) ?? [];
        }
        catch (JsonException)
        {
            throw new UsageException($"{jsonPath} is not readable JSON, so the {Noun} cannot be resumed; choose another --output.");
        }

        if (!earlier.SequenceEqual(runArguments, StringComparer.Ordinal))
        {
            throw new UsageException(
                $"--resume must repeat the run options of the {Noun} in {Directory} ('{string.Join(' ', earlier)}'), not '{string.Join(' ', runArguments)}'.");
        }
    }
}
