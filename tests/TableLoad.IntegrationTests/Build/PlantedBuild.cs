namespace TableLoad.IntegrationTests.Build;

/// <summary>
/// One copy of the program with every planted finding (a file that breaks analyzer and style rules, and members added to
/// enums that switches must decide about), built once as the repository builds, analyzers on: each test reads what the
/// build said about its own plant. A build of the whole program is the slowest step of the suite, so it is made once.
/// </summary>
public sealed class PlantedBuild : IAsyncLifetime
{
    public int ExitCode { get; private set; }

    public string Output { get; private set; } = "";

    public async Task InitializeAsync()
    {
        // The copy is needed only until its build has said what it says.
        using var copy = new ProgramCopy();
        copy.PlantFile("Planted.cs", """
            using System.Text;

            namespace TableLoad.Workload
            {
                internal static class Planted
                {
                    public static int Count(string text) => int.Parse(text);
                }
            }
            """);
        copy.PlantMember(Path.Combine("Storage", "TableOperation.cs"), "TableOperation", "Planted");
        copy.PlantMember(Path.Combine("Storage", "KeyUse.cs"), "KeyUse", "Planted");
        copy.PlantMember(Path.Combine("Tune", "ProbeVerdict.cs"), "ProbeVerdict", "Planted");
        copy.PlantMember(Path.Combine("Measurement", "MergeRule.cs"), "MergeRule", "Planted");
        copy.PlantMember(Path.Combine("Storage", "BatchClientKind.cs"), "BatchClientKind", "Planted");
        copy.PlantMember(Path.Combine("Settings", "Gates", "RunFigure.cs"), "RunFigure", "Planted");

        (ExitCode, Output) = await copy.BuildAsync();
    }

    public Task DisposeAsync() => Task.CompletedTask;
}

/// <summary>The build tests, which read the one <see cref="PlantedBuild"/>.</summary>
[CollectionDefinition(Name)]
public sealed class PlantedBuildCollection : ICollectionFixture<PlantedBuild>
{
    public const string Name = "A build of the program with findings planted";
}
