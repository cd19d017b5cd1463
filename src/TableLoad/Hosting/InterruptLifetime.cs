using System.Runtime.InteropServices;
using Microsoft.Extensions.Hosting;

namespace TableLoad.Hosting;

/// <summary>
/// The host's lifetime: Ctrl+C and SIGTERM go to the command's own handler (a run drains at the first
/// and abandons at the second) instead of stopping the host, so the command always finishes and
/// writes its results. A command without a handler ends at Ctrl+C as any program does.
/// </summary>
internal sealed class InterruptLifetime(Action? onInterrupt, IReadOnlyList<PosixSignal> signals) : IHostLifetime, IDisposable
{
    private readonly List<PosixSignalRegistration> _registrations = [];

    public Task WaitForStartAsync(CancellationToken cancellationToken)
    {
        if (onInterrupt is not null)
        {
            void Handle(PosixSignalContext context)
            {
                context.Cancel = true;
                onInterrupt();
            }

            _registrations.AddRange(signals.Select(signal => PosixSignalRegistration.Create(signal, Handle)));
        }

        return Task.CompletedTask;
    }

    public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public void Dispose()
    {
        foreach (var registration in _registrations)
        {
            registration.Dispose();
        }
    }
}
