namespace TableLoad.Tune.Search;

/// <summary>The names of the search's steps, as <see cref="TunedProbe.Step"/> records them and tune.csv shows them.</summary>
internal static class TuneSteps
{
    /// <summary>Concurrency quadrupled at one process and the largest batch size.</summary>
    public const string Climb = "climb";

    /// <summary>One task broke a constraint at this batch size: the next smaller one is tried.</summary>
    public const string Descend = "descend";

    /// <summary>Between the last probe that met the constraints and the first that broke one, aimed at the crossing.</summary>
    public const string Bracket = "bracket";

    /// <summary>The concurrency of peak throughput that the fitted Universal Scalability Law predicts.</summary>
    public const string UslPeak = "usl-peak";

    /// <summary>The geometric midpoint of a bracket, when the figures give no better aim.</summary>
    public const string Bisect = "bisect";

    /// <summary>A smaller batch size with the same entities in flight.</summary>
    public const string BatchSize = "batch-size";

    /// <summary>A smaller batch size with more tasks, aimed just under the rate at which the target throttled or the client saturated.</summary>
    public const string FinerGrain = "finer-grain";

    /// <summary>Confirm runs one step below a best whose confirm runs broke a constraint, with no probe of its own.</summary>
    public const string StepDown = "step-down";

    /// <summary>One more process, because the client was the limit or the tasks ran out.</summary>
    public const string Processes = "processes";
}
