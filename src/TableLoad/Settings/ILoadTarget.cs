namespace TableLoad.Settings;

/// <summary>
/// What the run means to send, second by second: the target <c>--abort-if</c>'s <c>N*target</c> bounds compare with.
/// Every <see cref="LoadModel"/> is one: a constant <c>--rate</c>, a plan whose target moves, or a closed load with none.
/// </summary>
internal interface ILoadTarget
{
    /// <summary>
    /// The whole fleet's intended entities per second at <paramref name="second"/> seconds into the measured period;
    /// null in the closed model, whose targets are tasks.
    /// </summary>
    double? EntitiesPerSecondAt(double second);

    /// <summary>The stage the run is in at <paramref name="second"/>, as a sentence names it; null for a run without stages.</summary>
    string? StageAt(double second);
}
