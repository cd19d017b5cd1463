using System.Diagnostics;
using System.Runtime.InteropServices;
using TableLoad.Hosting;

namespace TableLoad.Tests.Hosting;

/// <summary>The host's lifetime with real signals, sent to this test process: each reaches the command's handler, and the process lives on.</summary>
public sealed class InterruptLifetimeTests
{
    [Fact]
    public async Task CtrlCThenSigterm_EachReachTheHandler_AndNeitherEndsTheProcess()
    {
        var heard = 0;
        var second = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        using var lifetime = new InterruptLifetime(() =>
        {
            if (Interlocked.Increment(ref heard) == 2)
            {
                second.TrySetResult();
            }
        }, [PosixSignal.SIGINT, PosixSignal.SIGTERM]);
        await lifetime.WaitForStartAsync(CancellationToken.None);

        Kill("-2");
        Kill("-15");

        await second.Task.WaitAsync(TimeSpan.FromSeconds(30));
        Assert.Equal(2, Volatile.Read(ref heard));
    }

    private static void Kill(string signal)
    {
        using var kill = Process.Start("kill", $"{signal} {Environment.ProcessId}")!;
        kill.WaitForExit();
    }
}
