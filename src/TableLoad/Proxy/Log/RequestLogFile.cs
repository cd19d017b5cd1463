using System.Text.Json;
using TableLoad.Storage.ServiceLog;

namespace TableLoad.Proxy.Log;

/// <summary>
/// The proxy's request log (<c>--service-log FILE</c>): one resource-log JSON line a request, appended and flushed as each request ends,
/// so that a run reads its own requests' records while the proxy still runs.
/// </summary>
internal sealed class RequestLogFile : IDisposable
{
    private readonly FileStream _file;
    private readonly Lock _writing = new();

    public RequestLogFile(string path)
    {
        // Others may read it, and move it away, while the proxy appends.
        _file = new FileStream(path, FileMode.Append, FileAccess.Write, FileShare.ReadWrite | FileShare.Delete, 1 << 16);
    }

    public void Write(ResourceLogRecord record)
    {
        var line = JsonSerializer.SerializeToUtf8Bytes(record, ServiceLogJsonContext.Default.ResourceLogRecord);
        lock (_writing)
        {
            _file.Write(line);
            _file.WriteByte((byte)'\n');
            _file.Flush();
        }
    }

    public void Dispose() => _file.Dispose();
}
