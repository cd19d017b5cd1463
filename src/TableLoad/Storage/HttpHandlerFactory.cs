using System.Net;

namespace TableLoad.Storage;

/// <summary>Builds the one socket handler a process shares, tuned for many concurrent batches.</summary>
internal static class HttpHandlerFactory
{
    public static SocketsHttpHandler Create(int maxConnections) => new()
    {
        // The Table service speaks HTTP/1.1 only: one in-flight batch needs one connection.
        MaxConnectionsPerServer = Math.Max(maxConnections, 1),
        UseProxy = false,
        UseCookies = false,
        AutomaticDecompression = DecompressionMethods.None,
        PooledConnectionLifetime = TimeSpan.FromMinutes(5),
        ConnectTimeout = TimeSpan.FromSeconds(15),
    };
}
