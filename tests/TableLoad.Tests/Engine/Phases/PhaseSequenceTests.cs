using Microsoft.Extensions.Logging.Abstractions;
using TableLoad.Engine.Phases;
using TableLoad.Storage;

namespace TableLoad.Tests.Engine.Phases;

public sealed class PhaseSequenceTests
{
    [Fact]
    public async Task Run_NothingStops_GoesThroughEveryPhaseInOrder()
    {
        var phases = new RecordingPhases();

        var code = await PhaseSequence.RunAsync(phases, NullLogger.Instance);

        Assert.Equal(ExitCodes.Success, code);
        Assert.Equal(["global setup", "setup", "run", "cleanup 0", "global cleanup 0"], phases.Calls);
    }

    [Fact]
    public async Task Run_GlobalSetupRefuses_SkipsToGlobalCleanupWithItsCode()
    {
        var phases = new RecordingPhases { GlobalSetupAnswer = ExitCodes.BadInput };

        var code = await PhaseSequence.RunAsync(phases, NullLogger.Instance);

        Assert.Equal(ExitCodes.BadInput, code);
        Assert.Equal(["global setup", "global cleanup 2"], phases.Calls);
    }

    [Fact]
    public async Task Run_SetupStops_SkipsRunAndCleanup_ButCleansUpTheTable()
    {
        var phases = new RecordingPhases { SetupAnswer = ExitCodes.Interrupted };

        var code = await PhaseSequence.RunAsync(phases, NullLogger.Instance);

        Assert.Equal(ExitCodes.Interrupted, code);
        Assert.Equal(["global setup", "setup", "global cleanup 130"], phases.Calls);
    }

    [Fact]
    public async Task Run_TheRunsCodeGoesThroughCleanupAndGlobalCleanup()
    {
        var phases = new RecordingPhases { RunAnswer = ExitCodes.Partial };

        var code = await PhaseSequence.RunAsync(phases, NullLogger.Instance);

        Assert.Equal(ExitCodes.Partial, code);
        Assert.Equal(["global setup", "setup", "run", "cleanup 5", "global cleanup 5"], phases.Calls);
    }

    [Fact]
    public async Task Run_ATableCallFailsDuringCleanup_SaysIt_AndStillCleansUpTheTable()
    {
        var failure = TableServiceException.NoAnswer("count the table t1", TimeSpan.FromSeconds(5));
        var phases = new RecordingPhases { CleanupFailure = failure };

        var code = await PhaseSequence.RunAsync(phases, NullLogger.Instance);

        Assert.Equal(ExitCodes.Unreachable, code);
        Assert.Equal(["global setup", "setup", "run", "cleanup 0", "said " + failure.Message, "global cleanup 3"], phases.Calls);
    }

    [Fact]
    public async Task Run_AFailureNotTheServices_CleansUpTheTable_AndPropagates()
    {
        var phases = new RecordingPhases { CleanupFailure = new InvalidOperationException("a bug") };

        await Assert.ThrowsAsync<InvalidOperationException>(() => PhaseSequence.RunAsync(phases, NullLogger.Instance));

        Assert.Equal(["global setup", "setup", "run", "cleanup 0", "global cleanup 1"], phases.Calls);
    }

    private sealed class RecordingPhases : IRunPhases
    {
        public List<string> Calls { get; } = [];

        public int? GlobalSetupAnswer { get; init; }

        public int? SetupAnswer { get; init; }

        public int RunAnswer { get; init; }

        public Exception? CleanupFailure { get; init; }

        public Task<int?> GlobalSetupAsync() => Answer("global setup", GlobalSetupAnswer);

        public Task<int?> SetupAsync() => Answer("setup", SetupAnswer);

        public Task<int> RunAsync()
        {
            Calls.Add("run");
            return Task.FromResult(RunAnswer);
        }

        public Task<int> CleanupAsync(int exitCode)
        {
            Calls.Add($"cleanup {exitCode}");
            return CleanupFailure is { } failure ? Task.FromException<int>(failure) : Task.FromResult(exitCode);
        }

        public Task<int> GlobalCleanupAsync(int exitCode)
        {
            Calls.Add($"global cleanup {exitCode}");
            return Task.FromResult(exitCode);
        }

        public Task<int?> SayFailureAsync(Exception failure)
        {
            if (!TableCallFailure.Is(failure))
            {
                return Task.FromResult<int?>(null);
            }

            Calls.Add("said " + failure.Message);
            return Task.FromResult<int?>(ExitCodes.Unreachable);
        }

        private Task<int?> Answer(string phase, int? code)
        {
            Calls.Add(phase);
            return Task.FromResult(code);
        }
    }
}
