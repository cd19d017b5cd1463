using Azure.Data.Tables;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.Workload;

namespace TableLoad.IntegrationTests.Run;

/// <summary>
/// <c>--entity FILE</c> as a user runs it against Azurite: every entity stored carries the sample's properties with
/// their types and values, through either client; and a sample the service would refuse is refused before any request.
/// </summary>
[Collection(StoredAzuriteCollection.Name)]
public sealed class SampleEntityRunTests(AzuriteFixture azurite) : IDisposable
{
    private static readonly string Typical = Path.Combine(AzuriteFixture.FindRepoRoot(), "examples", "typical.json");
    private readonly string _folder = Directory.CreateTempSubdirectory("tableload-entity-").FullName;

    [Theory]
    [InlineData("sdk", 1)]
    [InlineData("wire", 1)]
    [InlineData("sdk", 2)]
    public async Task TypicalSample_IsStoredWithEveryPropertysTypeAndValue(string client, int processes)
    {
        var table = StoredEntities.NewTableName("smpl");
        var output = Path.Combine(_folder, client + processes);

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--client", client, "--processes", processes.ToString(System.Globalization.CultureInfo.InvariantCulture), "--entity", Typical, "--table", table, "--keep-table",
             "--batches", "3", "--batch-size", "10", "--warmup", "0s", "--verify", "--output", output],
            azurite.ConnectionString);

        Assert.True(exitCode == 0, stderr);
        Assert.Contains($"--entity {Typical}: left out odata.metadata, odata.etag, PartitionKey, RowKey, Timestamp", stderr, StringComparison.Ordinal);
        Assert.Contains("stored 30 entities: matches", stdout, StringComparison.Ordinal);
        var sample = SampleEntityReader.Read(Typical);
        var stored = await new TableClient(azurite.ConnectionString, table).QueryAsync<TableEntity>().ToListAsync();
        Assert.Equal(30, stored.Count);
        foreach (var entity in stored)
        {
            foreach (var property in sample.Properties)
            {
                var expected = SampleValues.ToObject(property.Type, property.Value);
                var actual = entity[property.Name];
                Assert.True(actual is not null && actual.GetType() == expected.GetType(), $"{property.Name} ({property.Type.Name()}) came back as {actual?.GetType().Name ?? "nothing"}.");
                Assert.Equal(expected, actual);
            }
        }

        var folder = new ResultFolder(output);
        Assert.Equal(EntityTemplate.FromSample(sample).PayloadBytes, folder.Summary.EntitySize);
        Assert.Equal(sample.Properties.Select(p => (p.Name, p.Type.Name())), folder.Run.Entity!.Properties.Select(p => (p.Name, p.Type)));
        Assert.StartsWith($"typical.json: {sample.Properties.Count} properties (", folder.Summary.Entity, StringComparison.Ordinal);
    }

    public static TheoryData<string, string, string[], string> Refusals()
    {
        var blob = Convert.ToBase64String(new byte[EntityTemplate.MaxPropertyBytes]);
        return new()
        {
            { "not an object", "[1, 2, 3]", [], "is not a JSON object of properties" },
            { "253 properties", Json(Enumerable.Range(0, 253).Select(i => $"\"p{i}\": {i}")), [], "holds 253 properties; an entity holds at most 252 custom properties" },
            { "over 1 MiB", Json(Enumerable.Range(0, 16).Select(i => $"\"B{i}@odata.type\": \"Edm.Binary\", \"B{i}\": \"{blob}\"")), [], "over its 1 MiB" },
            { "long string", $"{{\"Notes\": \"{new string('x', 32769)}\"}}", [], "string 'Notes' has 32769 characters" },
            { "large binary", $"{{\"B@odata.type\": \"Edm.Binary\", \"B\": \"{Convert.ToBase64String(new byte[65537])}\"}}", [], "binary 'B' has 65537 bytes" },
            { "invalid name", "{\"order-id\": 5}", [], "'order-id' is not a property name the service takes" },
            { "reserved name", "{\"Batch\": \"b\"}", [], "'Batch' is reserved" },
            { "unknown type", "{\"Price@odata.type\": \"Edm.Decimal\", \"Price\": \"9.99\"}", [], "not an Edm type the Table service knows" },
            { "Int32 out of range", "{\"N@odata.type\": \"Edm.Int32\", \"N\": 2147483648}", [], "'N' is 2147483648, which does not fit Edm.Int32" },
            { "bad GUID", "{\"Id@odata.type\": \"Edm.Guid\", \"Id\": \"12345\"}", [], "which does not fit Edm.Guid" },
            { "with --entity-size", "{\"Name\": \"Ada\"}", ["--entity-size", "2048"], "--entity-size contradicts --entity" },
            { "with --properties", "{\"Name\": \"Ada\"}", ["--properties", "4"], "--properties contradicts --entity" },
        };
    }

    [Theory]
    [MemberData(nameof(Refusals))]
    public async Task SampleTheServiceWouldRefuse_IsOneSentence_ExitTwo_AndCreatesNoTable(string why, string json, string[] more, string expected)
    {
        var file = Path.Combine(_folder, why.Replace(' ', '-') + ".json");
        await File.WriteAllTextAsync(file, json);
        var table = StoredEntities.NewTableName("bad");

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["run", "--entity", file, "--table", table, .. more], azurite.ConnectionString);

        Assert.Equal(2, exitCode);
        Assert.Equal(string.Empty, stdout);
        var line = Assert.Single(stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.Contains(expected, line, StringComparison.Ordinal);
        Assert.True(await StoredEntities.CreateTableAsync(azurite, table), "a refused sample must be refused before any table is created");
    }

    [Fact]
    public async Task MissingSampleFile_IsOneSentence_ExitTwo_AndCreatesNoTable()
    {
        var table = StoredEntities.NewTableName("bad");
        var missing = Path.Combine(_folder, "none.json");

        var (exitCode, _, stderr) = await TableLoadProcess.RunAsync(["run", "--entity", missing, "--table", table], azurite.ConnectionString);

        Assert.Equal(2, exitCode);
        Assert.Equal($"--entity {missing}: no such file.", stderr.Trim());
        Assert.True(await StoredEntities.CreateTableAsync(azurite, table), "a missing sample must be refused before any table is created");
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    private static string Json(IEnumerable<string> members) => "{" + string.Join(",", members) + "}";
}
