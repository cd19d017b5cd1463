namespace TableLoad;

/// <summary>The process exit codes TableLoad documents in its help and README.</summary>
internal static class ExitCodes
{
    public const int Success = 0;
    public const int Failure = 1;
    public const int BadInput = 2;
    public const int Unreachable = 3;
    public const int VerifyMismatch = 4;
    public const int Partial = 5;

    /// <summary>tune: no configuration met the constraints, so nothing is recommended.</summary>
    public const int NothingMeets = 6;

    /// <summary>A gate broke: a <c>--fail-if</c> threshold, or a figure <c>compare --fail-on</c> found worse beyond noise (k6's code).</summary>
    public const int GateFailed = 99;

    public const int Interrupted = 130;
}
