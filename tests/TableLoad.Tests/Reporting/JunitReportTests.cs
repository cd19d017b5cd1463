using System.Xml.Linq;
using TableLoad.Cli;
using TableLoad.Measurement.Gates;
using TableLoad.Reporting;
using TableLoad.Tests.TestSupport;

namespace TableLoad.Tests.Reporting;

public sealed class JunitReportTests
{
    [Fact]
    public void Of_OneTestcasePerThreshold_AFailureForEachBroken()
    {
        var faults = new List<string>();
        var thresholds = ThresholdParser.Parse(["p99<40ms,eps>2000,failed<0.1%"], "--fail-if", faults);
        var verdicts = ThresholdJudge.Judge(RunSummaries.Create(p99: 48.5), thresholds, (_, _) => null);

        var xml = XDocument.Parse(JunitReport.Of("run 1", [.. verdicts.Select(v => JunitCase.Of(v))], 12.5).ToString());

        var suite = Assert.Single(xml.Root!.Elements("testsuite"));
        Assert.Equal(("3", "2"), ((string)suite.Attribute("tests")!, (string)suite.Attribute("failures")!));
        var cases = suite.Elements("testcase").ToList();
        Assert.Equal(["p99<40ms", "eps>2000", "failed<0.1%"], cases.Select(c => (string)c.Attribute("name")!));
        Assert.Equal([true, false, true], cases.Select(c => c.Element("failure") is not null));
        Assert.Equal("p99 was 48.5 ms, the bound is < 40 ms", (string)cases[0].Element("failure")!.Attribute("message")!);
    }
}
