using TableLoad.Cli;
using TableLoad.Settings;
using TableLoad.Storage;

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

        Assert.Equal(TableOperation.Insert, settings.Operation);
        Assert.Null(settings.KeySpace);
    }

    [Theory]
    [InlineData("insert", TableOperation.Insert)]
    [InlineData("upsert-replace", TableOperation.UpsertReplace)]
    [InlineData("Upsert-Merge", TableOperation.UpsertMerge)]
    internal void Create_Operation_IsReadInAnyCase(string given, TableOperation expected) =>
        Assert.Equal(expected, CreateSut("--operation", given).Operation);

    [Fact]
    public void Create_UpsertWithAKeySpace_KeepsBoth()
    {
        var settings = CreateSut("--operation", "upsert-merge", "--key-space", "50", "--batch-size", "50");

        Assert.Equal((TableOperation.UpsertMerge, 50), (settings.Operation, settings.KeySpace));
    }

    [Fact]
    public void Create_UnknownOperation_IsRefusedInOneSentence() =>
        Assert.Equal("--operation must be one of insert, upsert-replace, upsert-merge, read, query, delete, not 'scan'.", Refusal("--operation", "scan"));

    [Fact]
    public void Create_KeySpaceWithInsert_IsRefusedInOneSentence() =>
        Assert.Equal(
            "--key-space goes with --operation upsert-replace, upsert-merge, read, query or delete: the service refuses an insert of a key that exists (409 EntityAlreadyExists).",
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
