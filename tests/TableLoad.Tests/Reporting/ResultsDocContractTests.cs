using System.Text.Json.Serialization.Metadata;
using TableLoad.Measurement;
using TableLoad.Reporting;
using TableLoad.Tests.TestSupport;

namespace TableLoad.Tests.Reporting;

/// <summary>docs/results.md against the result files' contract: every field the files have is documented, and nothing more.</summary>
public sealed class ResultsDocContractTests
{
    [Theory]
    [InlineData("summary.json", typeof(RunSummary))]
    [InlineData("run.json", typeof(RunDescription))]
    public void Doc_NamesEveryTopLevelFieldOfTheFile_AndNoOther(string file, Type contract)
    {
        var documented = ResultsDoc.FieldNames(file).Order(StringComparer.Ordinal);

        Assert.Equal(Properties(contract).Select(p => p.Name).Order(StringComparer.Ordinal), documented);
    }

    [Theory]
    [InlineData("summary.json", typeof(RunSummary))]
    [InlineData("run.json", typeof(RunDescription))]
    public void Doc_RowOfEachNestedObject_NamesEveryFieldItHas(string file, Type contract)
    {
        var rows = ResultsDoc.Rows(file);
        foreach (var property in Properties(contract).Where(p => Nested(p.PropertyType)))
        {
            var row = Assert.Single(rows, r => r.Names.Contains(property.Name));
            var missing = Properties(property.PropertyType).Select(p => p.Name).Where(n => !row.Mentioned.Contains(n)).ToList();
            Assert.True(missing.Count == 0 || property.Name == "options", $"docs/results.md's row for {file} {property.Name} lacks {string.Join(", ", missing)}");
        }
    }

    [Theory]
    [InlineData(ResultFiles.RunJson)]
    [InlineData(ResultFiles.BatchesCsv)]
    [InlineData(ResultFiles.IntervalsCsv)]
    [InlineData(ResultFiles.SummaryJson)]
    [InlineData(ResultFiles.LatencyHlog)]
    public void Doc_HasASectionForEachFileARunWrites_UnderTheNameTheCodeGivesIt(string file) => Assert.NotNull(ResultsDoc.Rows(file));

    private static IList<JsonPropertyInfo> Properties(Type type) => ResultJson.Context.GetTypeInfo(Nullable.GetUnderlyingType(type) ?? type)!.Properties;

    private static bool Nested(Type type) => type.IsClass && type != typeof(string) && !type.IsGenericType;
}
