namespace TableLoad.Measurement;

/// <summary>How a figure of a summary combines when several runs, instances or processes become one.</summary>
internal enum MergeRule
{
    /// <summary>Counts: added.</summary>
    Sum,

    /// <summary>The largest (for a status, the worst: complete &lt; interrupted &lt; partial).</summary>
    Max,

    /// <summary>The smallest (for a flag, true only when all are true).</summary>
    Min,

    /// <summary>A workload knob: all parts must agree, or they are not one workload and are not merged.</summary>
    Same,

    /// <summary>A name: the distinct values joined by '+'.</summary>
    Join,

    /// <summary>A list: the parts' lists one after the other.</summary>
    Concat,

    /// <summary>A nested object: merged field by field, by each field's own rule; absent when any part lacks it.</summary>
    Fields,

    /// <summary>Latency percentiles: recomputed from the merged histograms, never from the parts' percentiles.</summary>
    Histogram,

    /// <summary>A figure of the seconds (the peak, the confidence intervals): recomputed from the merged per-second windows.</summary>
    PerSecond,

    /// <summary>A length of time: the union of the parts' periods.</summary>
    Union,

    /// <summary>Computed from other merged figures (a rate, a per-entity cost).</summary>
    Derived,

    /// <summary>The merged summary's rows: one per part, each part's summary as it was.</summary>
    Parts,
}
