using System.Collections;
using TableLoad.Cli;
using TableLoad.Reporting;
using TableLoad.Settings;
using TableLoad.Workload;

namespace TableLoad.Tests.Cli;

/// <summary>
/// <c>--entity</c> through run's layers: the sample's shape becomes the run's, and an <c>--entity-size</c> or
/// <c>--properties</c> given anywhere (command line, <c>--config</c>, <c>TABLELOAD_*</c>) contradicts it; their defaults do not.
/// </summary>
public sealed class SampleEntityOptionTests : IDisposable
{
    private static readonly DateTimeOffset Now = new(2026, 11, 24, 7, 0, 0, TimeSpan.Zero);
    private readonly string _folder = Directory.CreateTempSubdirectory("tableload-entity-").FullName;

    private static RunSettings Create(string[] args, IDictionary? environment = null)
    {
        var options = new RunOptions();
        var layered = RunProfile.LayersOf(options).Layer(options.CreateCommand().Parse(args), environment ?? new Hashtable());
        return layered.Judged(parse => RunSettingsFactory.Create(parse, options, Now, _ => null));
    }

    private string Sample(string json)
    {
        var path = Path.Combine(_folder, "sample.json");
        File.WriteAllText(path, json);
        return path;
    }

    [Fact]
    public void Entity_MakesTheRunsShape_FromTheSample()
    {
        var file = Sample("""{"PartitionKey": "p", "Name": "Ada", "Count": 5, "Blob@odata.type": "Edm.Binary", "Blob": "AAECAw=="}""");

        var settings = Create(["--entity", file]);

        Assert.Equal(["Name", "Count", "Blob"], settings.Load.Entity!.Properties.Select(p => p.Name));
        Assert.Equal(3, settings.Load.Properties);
        Assert.Equal(6 + 4 + 4, settings.Load.EntitySize);
    }

    [Theory]
    [InlineData("--entity-size", "2048")]
    [InlineData("--properties", "4")]
    public void Entity_WithAShapeOptionOnTheCommandLine_IsRefusedAsContradicting(string option, string value)
    {
        var file = Sample("""{"Name": "Ada"}""");

        var refusal = Assert.Throws<UsageException>(() => Create(["--entity", file, option, value]));

        Assert.Equal($"{option} contradicts --entity {file}, whose properties make the entity: give one or the other.", refusal.Message);
    }

    [Fact]
    public void Entity_WithEntitySizeFromTheEnvironment_IsRefused_NamingTheVariable()
    {
        var file = Sample("""{"Name": "Ada"}""");

        var refusal = Assert.Throws<UsageException>(() => Create(["--entity", file], new Hashtable { ["TABLELOAD_ENTITY_SIZE"] = "2048" }));

        Assert.Contains("--entity-size contradicts --entity", refusal.Message, StringComparison.Ordinal);
        Assert.Contains("$TABLELOAD_ENTITY_SIZE", refusal.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Entity_WithPropertiesFromAProfile_IsRefused()
    {
        var file = Sample("""{"Name": "Ada"}""");
        var profile = Path.Combine(_folder, "profile.json");
        File.WriteAllText(profile, """{"properties": 4}""");

        var refusal = Assert.Throws<UsageException>(() => Create(["--entity", file, "--config", profile]));

        Assert.Contains("--properties contradicts --entity", refusal.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Entity_FromAProfile_IsTakenLikeOneOnTheCommandLine()
    {
        var file = Sample("""{"Name": "Ada"}""");
        var profile = Path.Combine(_folder, "profile.json");
        File.WriteAllText(profile, $$"""{"entity": {{System.Text.Json.JsonSerializer.Serialize(file)}}}""");

        Assert.Equal(file, Create(["--config", profile]).Load.Entity!.File);
    }

    [Fact]
    public void Entity_OverTheServices1MiB_IsRefusedBeforeAnyRequest()
    {
        var blob = Convert.ToBase64String(new byte[EntityTemplate.MaxPropertyBytes]);
        var file = Sample("{" + string.Join(",", Enumerable.Range(0, 16).Select(i => $"\"B{i}@odata.type\": \"Edm.Binary\", \"B{i}\": \"{blob}\"")) + "}");

        var refusal = Assert.Throws<UsageException>(() => Create(["--entity", file]));

        Assert.StartsWith($"An entity of --entity {file} takes ", refusal.Message, StringComparison.Ordinal);
        Assert.Contains("over its 1 MiB", refusal.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Entity_MissingFile_IsOneSentence()
    {
        var missing = Path.Combine(_folder, "none.json");

        Assert.Equal($"--entity {missing}: no such file.", Assert.Throws<UsageException>(() => Create(["--entity", missing])).Message);
    }

    [Fact]
    public void RunJson_OfAnEntityRun_RecordsTheShapeButNoValue_AndRepeatsWithTheSameSample()
    {
        var file = Sample("""{"Name": "Ada Lovelace", "Id@odata.type": "Edm.Guid", "Id": "3f2b8c1e-9d4a-4e6b-8f0a-2c7d5e1b9a64"}""");
        var first = Create(["--entity", file, "--output", Path.Combine(_folder, "first")]);
        var runJson = Path.Combine(_folder, ResultFiles.RunJson);
        var text = System.Text.Json.JsonSerializer.Serialize(
            RunDescription.Create(first, TestSupport.RunSummaries.Create(), Now, Now.AddMinutes(1)), ResultJson.Context.RunDescription);
        File.WriteAllText(runJson, text);

        var repeat = Create(["--config", runJson]);

        Assert.DoesNotContain("Ada", text, StringComparison.Ordinal);
        Assert.DoesNotContain("3f2b8c1e", text, StringComparison.Ordinal);
        Assert.Contains("\"type\": \"Edm.Guid\"", text, StringComparison.Ordinal);
        Assert.Equal(first.Load.Entity, repeat.Load.Entity);
        Assert.Equal(first.Load.EntitySize, repeat.Load.EntitySize);
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);
}
