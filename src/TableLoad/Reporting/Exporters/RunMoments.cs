namespace TableLoad.Reporting.Exporters;

/// <summary>The moments of a run at which its result files are written.</summary>
[Flags]
internal enum RunMoments
{
    None = 0,

    /// <summary>The clock has started; nothing is measured yet.</summary>
    Started = 1,

    /// <summary>Every few seconds while the load runs, so a crash still leaves a summary, marked partial.</summary>
    Provisional = 2,

    /// <summary>The load has ended and the summary is final, short of the stored count.</summary>
    Measured = 4,

    /// <summary>The run is over: <c>--verify</c>'s stored count is in the summary when asked for.</summary>
    Finished = 8,
}
