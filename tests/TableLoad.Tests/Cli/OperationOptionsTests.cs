using TableLoad.Cli;
using TableLoad.Settings;
using TableLoad.Storage;
using TableLoad.Workload;

namespace TableLoad.Tests.Cli;

public sealed class OperationOptionsTests
{
    private static RunSettings CreateSut(params string[] args)
    {
        var options = new RunOptions();
        return RunSettingsFactory.Create(options.CreateCommand().Parse(args), options, DateTimeOffset.UtcNow, _ => null);
    }

    private static string Refusal(params string[] args) => Assert.Throws<UsageException>(() => CreateSut(args)).Message;

    [Fact]
    public void Create_NoOperation_InsertsNewKeysEveryBatch()
    {
        var settings = CreateSut();

        Assert.Equal(LoadOperations.Of(TableOperation.Insert), settings.Load.Operations);
        Assert.Null(settings.Load.KeySpace);
    }

    [Theory]
    [InlineData("insert", TableOperation.Insert)]
    [InlineData("upsert-replace", TableOperation.UpsertReplace)]
    [InlineData("Upsert-Merge", TableOperation.UpsertMerge)]
    internal void Create_Operation_IsReadInAnyCase(string given, TableOperation expected) =>
        Assert.Equal(LoadOperations.Of(expected), CreateSut("--operation", given).Load.Operations);

    [Fact]
    public void Create_ReadModifyWrite_TakesAKeySpaceSmallerThanABatch_AndAKeyDistribution()
    {
        // It sends no batch, so --batch-size's 100 does not bound its key space; it draws its keys as a read does.
        var settings = CreateSut("--operation", "read-modify-write", "--key-space", "1", "--preload", "--key-distribution", "zipfian");

        Assert.Equal((LoadOperations.Of(TableOperation.ReadModifyWrite), 1, true, KeyDistribution.Zipfian), (settings.Load.Operations, settings.Load.KeySpace, settings.Load.Preload, settings.Load.KeyDistribution));
    }

    [Fact]
    public void Create_UpsertWithAKeySpace_KeepsBoth()
    {
        var settings = CreateSut("--operation", "upsert-merge", "--key-space", "50", "--batch-size", "50");

        Assert.Equal((LoadOperations.Of(TableOperation.UpsertMerge), 50), (settings.Load.Operations, settings.Load.KeySpace));
    }

    [Fact]
    public void Create_UnknownOperation_IsRefusedInOneSentence() =>
        Assert.Equal("--operation must be one of insert, upsert-replace, upsert-merge, read, query, delete, read-modify-write, not 'scan'.", Refusal("--operation", "scan"));

    [Fact]
    public void Create_KeySpaceWithInsert_IsRefusedInOneSentence() =>
        Assert.Equal(
            "--key-space goes with --operation upsert-replace, upsert-merge, read, query, delete or read-modify-write: the service refuses an insert of a key that exists (409 EntityAlreadyExists).",
            Refusal("--key-space", "500"));

    [Fact]
    public void Create_KeySpaceSmallerThanTheBatch_IsRefusedInOneSentence() =>
        Assert.Equal(
            "--key-space (50) must be at least --batch-size (100): a batch may not hold the same RowKey twice.",
            Refusal("--operation", "upsert-replace", "--key-space", "50"));

    [Theory]
    [InlineData("0")]
    [InlineData("100000001")]
    public void Create_KeySpaceOutOfRange_IsRefusedInOneSentence(string keySpace) =>
        Assert.StartsWith("--key-space must be between 1 and 100000000 keys", Refusal("--operation", "upsert-replace", "--key-space", keySpace), StringComparison.Ordinal);
}
