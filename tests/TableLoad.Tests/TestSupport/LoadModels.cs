using TableLoad.Settings;

namespace TableLoad.Tests.TestSupport;

/// <summary>One load of each model, by name, for tests that go through every model.</summary>
internal static class LoadModels
{
    public static readonly StagePlan ClosedPlan = new(2, [new Stage(TimeSpan.FromSeconds(1), 4), new Stage(TimeSpan.FromSeconds(2), 0)]);

    public static readonly StagePlan OpenPlan = new(100, [new Stage(TimeSpan.FromSeconds(1), 200), new Stage(TimeSpan.FromSeconds(2), 50)]);

    public static IReadOnlyDictionary<string, LoadModel> Each() => new Dictionary<string, LoadModel>(StringComparer.Ordinal)
    {
        ["closed"] = new LoadModel.Closed(3),
        ["open"] = new LoadModel.Open(250.5, 3),
        ["closed stages"] = new LoadModel.ClosedStages(ClosedPlan),
        ["open stages"] = new LoadModel.OpenStages(OpenPlan, 3),
    };
}
