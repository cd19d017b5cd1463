namespace TableLoad.Reporting;

/// <summary>
/// A progress line on stderr: on a terminal one line rewritten in place, when stderr is redirected a plain line each
/// time, with no control codes for CI logs. Shared by the run's <see cref="LiveView"/> and the <see cref="PreloadProgress"/>.
/// </summary>
internal sealed class ProgressLine(TextWriter output)
{
    private const string ClearLine = "\r\u001b[2K";
    private bool _lineOpen;

    /// <summary>Whether the line is rewritten in place: stderr is a terminal.</summary>
    public bool Interactive { get; } = ReferenceEquals(output, Console.Error) && !Console.IsErrorRedirected;

    public void Show(string line)
    {
        if (Interactive)
        {
            output.Write(ClearLine + line);
            _lineOpen = true;
        }
        else
        {
            output.WriteLine(line);
        }

        output.Flush();
    }

    /// <summary>Ends the rewritten line so that what follows starts on a line of its own.</summary>
    public void Complete()
    {
        if (_lineOpen)
        {
            output.WriteLine();
            _lineOpen = false;
        }
    }
}
