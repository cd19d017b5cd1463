using System.Reflection;
using System.Text.RegularExpressions;
using TableLoad.Settings;
using TableLoad.Tests.Architecture;
using TableLoad.Tests.TestSupport;

namespace TableLoad.Tests.Settings;

/// <summary>
/// One type per load model, and every decision on the model goes through <see cref="LoadModel.Match{T}"/>, which names each:
/// the compiler cannot see that a hierarchy is closed, so a type pattern over the models would let a fifth one through.
/// </summary>
public sealed partial class LoadModelTests
{
    [Fact]
    public void Match_NamesEveryModel_AndTheTestsHaveOneOfEach()
    {
        var models = typeof(LoadModel).GetNestedTypes().Where(t => t.IsSubclassOf(typeof(LoadModel))).ToHashSet();
        var named = typeof(LoadModel).GetMethod(nameof(LoadModel.Match))!.GetParameters().Select(p => p.ParameterType.GetGenericArguments()[0]).ToHashSet();
        var derived = typeof(LoadModel).Assembly.GetTypes().Where(t => t.IsSubclassOf(typeof(LoadModel))).ToHashSet();

        Assert.Equal(models, named);
        Assert.Equal(models, derived);
        Assert.All(models, m => Assert.True(m.IsSealed, $"{m.Name} is not sealed"));
        Assert.Equal(models, LoadModels.Each().Values.Select(m => m.GetType()).ToHashSet());
        // Only the nested models can call the private constructor (the record's copy constructor aside).
        Assert.True(typeof(LoadModel).GetConstructor(BindingFlags.Instance | BindingFlags.NonPublic, Type.EmptyTypes)!.IsPrivate);
    }

    [Theory]
    // Model, loops, --tasks recorded, --rate recorded, a rate target, staged.
    [InlineData("closed", 3, 3, null, false, false)]
    [InlineData("open", 3, 3, 250.5, true, false)]
    [InlineData("closed stages", 4, 2, null, false, true)]
    [InlineData("open stages", 3, 3, 100.0, true, true)]
    public void EachModel_SaysItsTasks_WhatTheFilesRecord_AndWhetherItHasARateTarget(string name, int tasks, int tasksGiven, double? rate, bool hasRateTarget, bool staged)
    {
        var model = LoadModels.Each()[name];

        Assert.Equal((tasks, tasksGiven, rate, hasRateTarget, staged), (model.Tasks, model.TasksGiven, model.Rate, model.HasRateTarget, model.Staged));
        Assert.Equal(staged, model.Stages is not null);
        Assert.Equal(hasRateTarget, model.EntitiesPerSecondAt(0.5) is not null);
    }

    [Fact]
    public void Targets_FollowThePlan_InEntitiesPerSecondForTheOpenModel_AndInTasksForTheClosedOne()
    {
        var each = LoadModels.Each();

        Assert.Equal((250.5, null), (each["open"].EntitiesPerSecondAt(7), each["open"].StageAt(7)));
        Assert.Equal((150.0, "stage s1"), (each["open stages"].EntitiesPerSecondAt(0.5), each["open stages"].StageAt(0.5)));
        Assert.Equal((null, "stage s2, 3 tasks per process"), (each["closed stages"].EntitiesPerSecondAt(1.5), each["closed stages"].StageAt(1.5)));
        Assert.Equal((null, null), (each["closed"].EntitiesPerSecondAt(1), each["closed"].StageAt(1)));
    }

    [Theory]
    [InlineData("measured", 7.0, 7.0)]
    [InlineData("staged", 7.0, 3.0)]
    public void MeasuredTime_IsTheDuration_OrThePlansSum(string kind, double duration, double expected)
    {
        var model = kind == "staged" ? LoadModels.Each()["open stages"] : LoadModels.Each()["open"];

        Assert.Equal(TimeSpan.FromSeconds(expected), model.MeasuredTime(TimeSpan.FromSeconds(duration)));
    }

    [Fact]
    public void Together_IsOpenAtTheRatesSum_WhenEveryLoadIsOpen_AndClosedOtherwise()
    {
        var each = LoadModels.Each();

        Assert.Equal(new LoadModel.Open(350.5, 6), LoadModel.Together([each["open"], each["open stages"]]));
        Assert.Equal(new LoadModel.Closed(7), LoadModel.Together([each["open"], each["closed stages"]]));
    }

    [Fact]
    public void NoSourceFile_DecidesByAModelsType_OrByWhetherARateWasGiven_OutsideWhereTheModelIsBuilt()
    {
        // The model is built from the options in Cli/StagesOption.cs and declared in Settings/LoadModel.cs; elsewhere Match decides.
        string[] builders = [Path.Combine("Settings", "LoadModel.cs"), Path.Combine("Cli", "StagesOption.cs")];
        var root = SourceRoot();
        var faults = Directory.EnumerateFiles(root, "*.cs", SearchOption.AllDirectories)
            .Select(f => Path.GetRelativePath(root, f))
            .Where(f => !f.StartsWith("obj", StringComparison.Ordinal) && !builders.Contains(f))
            .SelectMany(f => ModelDecision().Matches(CodeOnly.Of(File.ReadAllText(Path.Combine(root, f)))).Select(m => $"{f}: {m.Value}"))
            .ToList();

        Assert.Empty(faults);
    }

    [Fact]
    public void ModelDecisions_InPlantedCode_AreFound()
    {
        const string source = """
            var open = settings.Model is LoadModel.Open;
            var x = model switch { LoadModel.Closed c => 1, LoadModel.Open => 2 };
            var y = settings.Rate is null ? 1 : 2;
            var z = settings.Model.Rate is { } rate ? rate : 0;
            var fine = settings.Model.Match(_ => 1, _ => 2, _ => 3, _ => 4);
            var alsoFine = new LoadModel.Closed(3);
            """;

        Assert.Equal(5, ModelDecision().Count(CodeOnly.Of(source)));
    }

    private static string SourceRoot([System.Runtime.CompilerServices.CallerFilePath] string here = "") =>
        Path.GetFullPath(Path.Combine(Path.GetDirectoryName(here)!, "..", "..", "..", "src", "TableLoad"));

    // A type pattern over the models ("is LoadModel.Open", "LoadModel.Closed c =>", "case LoadModel.X"), or a model told by its rate's absence.
    [GeneratedRegex(@"\bis\s+(?:not\s+)?LoadModel\.\w+|\bLoadModel\.\w+\s+\w*\s*=>|\bcase\s+LoadModel\.\w+|\bModel\.Rate\s+is\b|(?<!\w)(?:[Ss]ettings|[Ss]cenario|[Mm]odel)\.Rate\s+is\b")]
    private static partial Regex ModelDecision();
}
