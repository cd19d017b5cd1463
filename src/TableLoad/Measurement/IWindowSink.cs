namespace TableLoad.Measurement;

/// <summary>Receives each finished one-second window, in time order; must not keep the window.</summary>
internal interface IWindowSink
{
    void OnWindow(Window window, bool warmup);
}
