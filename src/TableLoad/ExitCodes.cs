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
    public const int Interrupted = 130;
}
