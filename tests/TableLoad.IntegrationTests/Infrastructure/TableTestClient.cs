using Azure.Data.Tables;
using TableLoad.Storage;
using TableLoad.Storage.Wire;
using TableLoad.Workload;

namespace TableLoad.IntegrationTests.Infrastructure;

/// <summary>TableLoad's storage parts as tests drive them directly: the table calls (SDK) and the wire client's batch POST.</summary>
internal sealed class TableTestClient : IDisposable
{
    private readonly string _connectionString;
    private readonly WireBatchClient _wire;

    public TableTestClient(string connectionString)
    {
        _connectionString = connectionString;
        Target = AuthorizedTarget.For(ConnectionStringParser.Parse(connectionString), TimeProvider.System);
        // The batch URL does not depend on the table: each body names its table itself.
        _wire = new WireBatchClient(Target, "anytable", EntityTemplate.Create(8, 1), HttpHandlerFactory.Create(4), TimeProvider.System);
    }

    public AuthorizedTarget Target { get; }

    public string TableUrl(string table) => $"{Target.TableEndpoint.AbsoluteUri.TrimEnd('/')}/{table}";

    public async Task<bool> CreateTableAsync(string table, CancellationToken cancellationToken)
    {
        using var admin = Admin(table);
        return await admin.CreateAsync(cancellationToken);
    }

    public async Task DeleteTableAsync(string table, CancellationToken cancellationToken)
    {
        using var admin = Admin(table);
        await admin.DeleteAsync(cancellationToken);
    }

    public async Task<string?> GetPropertyAsync(string table, string partitionKey, string rowKey, string property, CancellationToken cancellationToken)
    {
        using var admin = Admin(table);
        return await admin.ReadPropertyAsync(partitionKey, rowKey, property, cancellationToken);
    }

    /// <summary>Counts what the table holds by PartitionKey, with the SDK alone (independent of TableLoad's own count).</summary>
    public async Task<IReadOnlyDictionary<string, long>> CountByPartitionAsync(string table, CancellationToken cancellationToken)
    {
        var counts = new Dictionary<string, long>(StringComparer.Ordinal);
        var client = new TableClient(_connectionString, table);
        await foreach (var entity in client.QueryAsync<TableEntity>(select: ["PartitionKey", "RowKey"], cancellationToken: cancellationToken))
        {
            counts[entity.PartitionKey] = counts.GetValueOrDefault(entity.PartitionKey) + 1;
        }

        return counts;
    }

    public Task<BatchResponse> SendBatchAsync(ReadOnlyMemory<byte> body, CancellationToken cancellationToken) => _wire.SendBatchAsync(body, Guid.NewGuid().ToString(), cancellationToken);

    public void Dispose() => _wire.Dispose();

    private TableAdmin Admin(string table) => new(Target, table, TimeSpan.FromSeconds(30));
}
