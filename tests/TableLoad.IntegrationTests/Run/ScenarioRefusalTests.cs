using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Run;

/// <summary>A profile's scenarios refused as a user meets them: one sentence, exit code 2, and not one connection to the target.</summary>
public sealed class ScenarioRefusalTests : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("tableload-scenario-refusal-").FullName;

    [Theory]
    [InlineData("""{"scenarios": {}}""",
        """--config {0}: scenarios must be an object of at least one named scenario, such as {{"scenarios": {{"ingest": {{"operation": "insert", "tasks": 2}}, "lookups": {{"operation": "read", "tasks": 2, "key_space": 500, "preload": true}}}}}}.""")]
    [InlineData("""{"scenarios": {"read": {"tasks": 1}}}""",
        "--config {0}: the scenario 'read' is named like an operation, which a gate such as read.p99<20ms could not tell apart: name it otherwise.")]
    [InlineData("""{"scenarios": {"eps": {"tasks": 1}}}""",
        "--config {0}: the scenario 'eps' is named like a figure, which a gate such as eps.p99<20ms could not tell apart: name it otherwise.")]
    [InlineData("""{"scenarios": {"Big_Ingest": {"tasks": 1}}}""",
        "--config {0}: the scenario 'Big_Ingest' needs a name of 1 to 40 lower-case letters, digits or '-', as it goes into file names.")]
    [InlineData("""{"scenarios": {"ingest": {"speed": 1}}}""",
        "--config {0}: the scenario 'ingest' has 'speed', which is not an option of tableload run; a scenario takes batch_size, batches, entity, entity_size, key_distribution, key_space, max_entities, mix, operation, page_size, partitions, preload, properties, query_length, rate, stages, tasks, workload.")]
    [InlineData("""{"scenarios": {"ingest": {"table": "other"}}}""",
        "--config {0}: the scenario 'ingest' sets table, which is the whole run's: give it outside scenarios, for every scenario at once.")]
    [InlineData("""{"duration": "3s", "scenarios": {"ingest": {"stages": "1s:2"}, "lookups": {"tasks": 1}}}""",
        "Scenario 'ingest': its stages last 1s, but the run measures 3s (--duration, or another scenario's stages): every scenario lasts the run's measured time.")]
    [InlineData("""{"scenarios": {"ingest": {"operation": "scan"}}}""",
        "Scenario 'ingest': --operation must be one of insert, upsert-replace, upsert-merge, read, query, delete, read-modify-write, not 'scan' (from --config {0}).")]
    [InlineData("""{"scenarios": {"ingest": {"operation": "insert"}, "lookups": {"operation": "read"}}}""",
        "Scenario 'lookups': --operation read acts on the keys of a key space: give --key-space N, and --preload to write them first (from --config {0}).")]
    [InlineData("""{"operation": "read", "scenarios": {"ingest": {"operation": "insert"}}}""",
        "--operation (from --config {0}) names what a scenario sends: give it inside each scenario of --config, not beside them.")]
    [InlineData("""{"scenarios": {"ingest": {"operation": "insert"}}}""",
        "--mix names what a scenario sends: give it inside each scenario of --config, not beside them.", "--mix", "read:1")]
    [InlineData("""{"scenarios": {"ingest": {"operation": "insert"}}}""",
        "--stages is a scenario's own: give stages inside the scenario whose load they shape, not beside the scenarios.", "--stages", "1s:2")]
    [InlineData("""{"scenarios": {"ingest": {"operation": "insert"}}}""",
        "--fail-if 'lookups.p99<20ms' is scoped by 'lookups', which is none of the run's scenario and operation names (insert, ingest, ingest.insert); scope it by one of them, or drop 'lookups.' to judge the whole run.",
        "--fail-if", "lookups.p99<20ms")]
    [InlineData("""{"scenarios": {"ingest": {"operation": "insert", "rate": 100}}}""",
        "--abort-if 'eps<0.5*target for 1s' compares with the target, which a run of scenarios does not have as one: compare eps with a number, scoped by a scenario if need be.",
        "--abort-if", "eps<0.5*target for 1s")]
    // A scenario's keys start with the prefix and its name: 195 characters and ".ingest" make 202, over the 200 a run's prefix may have.
    [InlineData("""{"scenarios": {"ingest": {"operation": "insert"}}}""",
        "--key-prefix and the scenario 'ingest' make its keys' prefix 202 characters long ('ppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp.ingest'), over 200; shorten either.",
        "--key-prefix", "ppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp")]
    [InlineData("""{"scenarios": {"ingest": {"tasks": 1}, "lookups": {"tasks": 1}, "ingest": {"tasks": 2}}}""",
        "--config {0}: the scenario 'ingest' is named twice; give each scenario a name of its own.")]
    public async Task BadScenarios_OneSentence_ExitTwo_NoRequest(string profile, string sentence, params string[] options)
    {
        var path = Path.Combine(_root, "scenarios.json");
        await File.WriteAllTextAsync(path, profile);
        await RefusedRun.AssertRefusedAsync(string.Format(System.Globalization.CultureInfo.InvariantCulture, sentence, path), ["--config", path, .. options], duration: null);
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);
}
