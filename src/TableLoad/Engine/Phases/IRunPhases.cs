namespace TableLoad.Engine.Phases;

/// <summary>
/// A run's life in the Azure SDK perf framework's phases. A phase that returns an exit code ends the run
/// there; <see cref="PhaseSequence"/> fixes the order and what a failure means.
/// </summary>
internal interface IRunPhases
{
    /// <summary>Prepares the table and checks it may be written (table calls, each bounded by the call timeout); an exit code refuses the run.</summary>
    Task<int?> GlobalSetupAsync();

    /// <summary>Starts the worker processes (ready within a minute) and waits for <c>--start-at</c> (within a day); an exit code ends the run before anything is sent.</summary>
    Task<int?> SetupAsync();

    /// <summary>Drives and measures the load (its duration or budget, then a drain bounded by the timeout) and writes its results; returns the run's exit code so far.</summary>
    Task<int> RunAsync();

    /// <summary>Verifies what the run stored, when asked (one count); returns the exit code, a mismatch included.</summary>
    Task<int> CleanupAsync(int exitCode);

    /// <summary>Deletes the table if this run made it; always follows the global setup.</summary>
    Task<int> GlobalCleanupAsync(int exitCode);

    /// <summary>Says a failure in one sentence and returns its exit code; null for a failure that is not the service's and must propagate.</summary>
    Task<int?> SayFailureAsync(Exception failure);
}
