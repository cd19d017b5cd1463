using System.CommandLine;
using TableLoad.Measurement.Gates;

namespace TableLoad.Cli;

/// <summary>Checks <c>--fail-if</c> where an option takes it (run, sweep), each bad condition one sentence.</summary>
internal static class GateOptions
{
    public static void Check(UsageErrors errors, Option option, string? expression)
    {
        if (expression is null)
        {
            return;
        }

        var faults = new List<string>();
        ThresholdParser.Parse([expression], option.Name, faults);
        foreach (var fault in faults)
        {
            errors.Require(option, false, fault);
        }
    }
}
