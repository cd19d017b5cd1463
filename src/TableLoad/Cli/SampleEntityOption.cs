using System.CommandLine;
using TableLoad.Workload;

namespace TableLoad.Cli;

/// <summary><c>--entity FILE</c>: the sample entity read and judged, and refused beside an explicit <c>--entity-size</c> or <c>--properties</c>.</summary>
internal static class SampleEntityOption
{
    /// <summary>The sample <c>--entity</c> names; null when none was given or it was refused (its fault listed in <paramref name="errors"/>).</summary>
    public static SampleEntity? ValueIn(ParseResult parse, RunOptions options, UsageErrors errors)
    {
        if (parse.GetValue(options.Entity) is not { } file)
        {
            return null;
        }

        // Given on the command line, in a --config profile or a TABLELOAD_* variable: each is explicit, only the default is not.
        foreach (var shapeOption in new Option[] { options.EntitySize.Option, options.Properties.Option })
        {
            errors.Require(shapeOption, parse.GetResult(shapeOption) is not { Implicit: false },
                $"{shapeOption.Name} contradicts --entity {file}, whose properties make the entity: give one or the other.");
        }

        try
        {
            return SampleEntityReader.Read(file);
        }
        catch (FormatException refused)
        {
            errors.Require(options.Entity, false, refused.Message);
            return null;
        }
    }

    /// <summary>The one line that says which members of the sample TableLoad left out, and why.</summary>
    public static string IgnoredNotice(SampleEntity sample) =>
        $"--entity {sample.File}: left out {string.Join(", ", sample.Ignored)} (TableLoad writes its own keys; the service sets Timestamp and the etag; odata.* is metadata).";

    /// <summary>How the sentences about the entity's size name it.</summary>
    public static string Named(SampleEntity? sample, int? entitySize) => sample is null ? $"--entity-size {entitySize}" : $"--entity {sample.File}";
}
