namespace TableLoad.Tune;

/// <summary>One probe the search ran, in order (1-based), with the step of the search that asked for it.</summary>
internal sealed record TunedProbe(int Ordinal, TuneKnobs Knobs, ProbeFigures? Figures, ProbeVerdict Verdict, string Step);
