using System.Runtime.InteropServices;

namespace TableLoad.Cli;

/// <summary>Routes Ctrl+C and SIGTERM to a handler instead of ending the process, so results are always written.</summary>
internal sealed class Interrupts : IDisposable
{
    private readonly PosixSignalRegistration _sigint;
    private readonly PosixSignalRegistration _sigterm;

    private Interrupts(Action onInterrupt)
    {
        void Handle(PosixSignalContext context)
        {
            context.Cancel = true;
            onInterrupt();
        }

        _sigint = PosixSignalRegistration.Create(PosixSignal.SIGINT, Handle);
        _sigterm = PosixSignalRegistration.Create(PosixSignal.SIGTERM, Handle);
    }

    public static Interrupts Register(Action onInterrupt) => new(onInterrupt);

    public void Dispose()
    {
        _sigint.Dispose();
        _sigterm.Dispose();
    }
}
