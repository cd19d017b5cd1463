using System.Globalization;
using System.Text;
using System.Xml;
using System.Xml.Linq;

namespace TableLoad.Reporting;

/// <summary>
/// The gates' verdicts as JUnit XML, the format CI systems show as test results: one testcase per
/// threshold and abort condition (of each sweep cell), with a failure element for each one broken.
/// </summary>
internal static class JunitReport
{
    public static XDocument Of(string suiteName, IReadOnlyList<JunitCase> cases, double seconds)
    {
        var time = seconds.ToString("0.###", CultureInfo.InvariantCulture);
        var failures = cases.Count(c => c.Failure is not null).ToString(CultureInfo.InvariantCulture);
        var tests = cases.Count.ToString(CultureInfo.InvariantCulture);
        var suite = new XElement("testsuite",
            new XAttribute("name", suiteName),
            new XAttribute("tests", tests),
            new XAttribute("failures", failures),
            new XAttribute("errors", "0"),
            new XAttribute("time", time),
            cases.Select(Case));
        return new XDocument(new XDeclaration("1.0", "utf-8", null),
            new XElement("testsuites",
                new XAttribute("name", "tableload"),
                new XAttribute("tests", tests),
                new XAttribute("failures", failures),
                new XAttribute("time", time),
                suite));
    }

    public static void Write(string path, string suiteName, IReadOnlyList<JunitCase> cases, double seconds)
    {
        var directory = Path.GetDirectoryName(Path.GetFullPath(path));
        if (directory is not null)
        {
            Directory.CreateDirectory(directory);
        }

        // No byte-order mark: some CI readers of JUnit XML take it for content before the declaration.
        using var writer = XmlWriter.Create(path, new XmlWriterSettings { Encoding = new UTF8Encoding(encoderShouldEmitUTF8Identifier: false), Indent = true });
        Of(suiteName, cases, seconds).Save(writer);
    }

    private static XElement Case(JunitCase junitCase)
    {
        var testCase = new XElement("testcase",
            new XAttribute("name", junitCase.Name),
            new XAttribute("classname", junitCase.ClassName),
            new XAttribute("time", "0"),
            new XElement("system-out", junitCase.Output));
        if (junitCase.Failure is { } failure)
        {
            testCase.AddFirst(new XElement("failure",
                new XAttribute("message", failure),
                new XAttribute("type", junitCase.FailureType),
                junitCase.Output));
        }

        return testCase;
    }
}
