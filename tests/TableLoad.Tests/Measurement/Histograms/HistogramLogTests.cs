using System.Globalization;
using TableLoad.Measurement.Histograms;

namespace TableLoad.Tests.Measurement.Histograms;

public sealed class HistogramLogTests
{
    private static readonly DateTimeOffset RunStart = DateTimeOffset.FromUnixTimeMilliseconds(1_700_000_000_123);

    private static (HistogramLogWriter Writer, StringWriter Output) CreateSut()
    {
        var output = new StringWriter(CultureInfo.InvariantCulture);
        return (new HistogramLogWriter(output), output);
    }

    [Fact]
    public void WriteHeader_WritesVersionStartTimeBaseTimeAndLegend()
    {
        var (sut, output) = CreateSut();

        sut.WriteHeader(RunStart);

        Assert.Equal(
            "#[Histogram log format version 1.3]\n"
            + "#[StartTime: 1700000000.123 (seconds since epoch), 2023-11-14T22:13:20.123Z]\n"
            + "#[BaseTime: 1700000000.123 (seconds since epoch)]\n"
            + "\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"\n",
            output.ToString());
    }

    [Fact]
    public void WriteInterval_WritesSecondsAndMaxInMilliseconds()
    {
        var (sut, output) = CreateSut();
        var histogram = new LatencyHistogram();
        histogram.RecordValue(1_234);

        sut.WriteInterval(1.5, 1.0, histogram);
        sut.WriteInterval(2.5, 0.25, histogram, tag: "reads");

        string[] lines = output.ToString().Split('\n', StringSplitOptions.RemoveEmptyEntries);
        string encoded = Convert.ToBase64String(HistogramEncoding.EncodeCompressed(histogram));
        Assert.Equal($"1.500,1.000,1.234,{encoded}", lines[0]);
        Assert.Equal($"Tag=reads,2.500,0.250,1.234,{encoded}", lines[1]);
        Assert.StartsWith("HISTFAAAA", encoded); // the V2 compressed cookie, as in every HdrHistogram log
    }

    [Theory]
    [InlineData("")]
    [InlineData("a,b")]
    [InlineData("a b")]
    [InlineData("a\nb")]
    public void WriteInterval_TagWithDelimiters_Throws(string tag)
    {
        var (sut, _) = CreateSut();

        Assert.Throws<ArgumentException>(() => sut.WriteInterval(0, 1, new LatencyHistogram(), tag));
    }

    [Fact]
    public void WriteThenRead_TaggedIntervals_RoundTripExactly()
    {
        var (sut, output) = CreateSut();
        sut.WriteHeader(RunStart);
        sut.WriteComment("TableLoad test run");
        var written = new List<(string? Tag, double Start, LatencyHistogram Histogram)>();
        for (int interval = 0; interval < 4; interval++)
        {
            foreach (string? tag in new[] { null, "reads", "writes" })
            {
                var histogram = new LatencyHistogram();
                foreach (long value in LatencyHistogramTests.RandomLatencies(seed: interval * 10 + (tag?.Length ?? 0), count: 500))
                {
                    histogram.RecordValue(value);
                }
                sut.WriteInterval(interval, 1.0, histogram, tag);
                written.Add((tag, interval, histogram));
            }
        }
        sut.WriteInterval(4, 0.5, new LatencyHistogram());

        var reader = new HistogramLogReader(new StringReader(output.ToString()));
        var records = reader.ReadRecords().ToList();

        Assert.Equal(written.Count + 1, records.Count);
        for (int i = 0; i < written.Count; i++)
        {
            Assert.Equal(written[i].Tag, records[i].Tag);
            Assert.Equal(1_700_000_000.123 + written[i].Start, records[i].StartTimestamp, 6);
            Assert.Equal(1.0, records[i].IntervalLength);
            LatencyHistogramTests.AssertSameContents(written[i].Histogram, records[i].Histogram);
        }
        Assert.Equal(0, records[^1].Histogram.TotalCount);
        Assert.Equal(0.5, records[^1].IntervalLength);
        Assert.Equal(1_700_000_000.123, reader.StartTimeSeconds);
        Assert.Equal(1_700_000_000.123, reader.BaseTimeSeconds);
    }

    [Fact]
    public void MergingReadIntervals_EqualsHistogramOfAllValues()
    {
        var (sut, output) = CreateSut();
        sut.WriteHeader(RunStart);
        var union = new LatencyHistogram();
        long[] values = LatencyHistogramTests.RandomLatencies(seed: 31, count: 12_000);
        for (int interval = 0; interval < 6; interval++)
        {
            var histogram = new LatencyHistogram();
            foreach (long value in values.Skip(interval * 2_000).Take(2_000))
            {
                histogram.RecordValue(value);
                union.RecordValue(value);
            }
            sut.WriteInterval(interval, 1.0, histogram, interval % 2 == 0 ? "even" : "odd");
        }

        var merged = new LatencyHistogram();
        foreach (var record in new HistogramLogReader(new StringReader(output.ToString())).ReadRecords())
        {
            merged.Add(record.Histogram);
        }

        LatencyHistogramTests.AssertSameContents(union, merged);
        Assert.Equal(union.ValueAtPercentile(99.9), merged.ValueAtPercentile(99.9));
    }

    [Fact]
    public void WriteAndRead_UnderCommaDecimalCulture_UseInvariantNumbers()
    {
        var previous = CultureInfo.CurrentCulture;
        CultureInfo.CurrentCulture = new CultureInfo("de-DE");
        try
        {
            var output = new StringWriter(); // deliberately inherits de-DE
            var sut = new HistogramLogWriter(output);
            var histogram = new LatencyHistogram();
            histogram.RecordValue(1_234);
            sut.WriteHeader(RunStart);
            sut.WriteInterval(1.5, 0.25, histogram, "reads");

            string log = output.ToString();
            Assert.Contains("#[StartTime: 1700000000.123 (seconds since epoch)", log);
            Assert.Contains("Tag=reads,1.500,0.250,1.234,HIST", log);
            Assert.DoesNotContain("1,500", log);

            var record = Assert.Single(new HistogramLogReader(new StringReader(log)).ReadRecords());
            Assert.Equal(1_700_000_000.123 + 1.5, record.StartTimestamp, 6);
            Assert.Equal(0.25, record.IntervalLength);
        }
        finally
        {
            CultureInfo.CurrentCulture = previous;
        }
    }

    [Fact]
    public void ReadRecords_AbsoluteTimestampsWithoutBaseTime_KeepsThemAbsolute()
    {
        string encoded = Convert.ToBase64String(HistogramEncoding.EncodeCompressed(new LatencyHistogram()));
        string log = "#[StartTime: 1700000000.000 (seconds since epoch), whenever]\n"
            + "\n"
            + $"1700000001.000,1.000,0.000,{encoded}\n";
        var reader = new HistogramLogReader(new StringReader(log));

        var record = Assert.Single(reader.ReadRecords());

        Assert.Equal(1_700_000_001.0, record.StartTimestamp);
        Assert.Equal(0.0, reader.BaseTimeSeconds);
    }

    [Fact]
    public void ReadRecords_JavaTaggedLogWithoutStartTime_ReadsTags()
    {
        // HdrHistogram's test resource tagged-non-monotonic.hlog (first lines), written by the Java implementation.
        const string log =
            """
            #[Histogram log format version 1.2]
            "StartTimestamp","Interval_Length","Interval_Max","Interval_Compressed_Histogram"
            Tag=A,2.133,1.001,0.426,HISTFAAAAD942pNpmSzMwMAgwwABTBDKT4GBgdnNYMcCBvsPEBE+Ph4OLgk5OSkeIS4+LgEeswIDo1+MbmdYNASYAA51CSo=
            Tag=B,0.127,1.007,2.769,HISTFAAAAEV42pNpmSzMwMCgyAABTBDKT4GBgdnNYMcCBvsPEBEJISEuATEZMQ4uASkhIR4nrxg9v2lMaxhvMekILGZkKmcCAEf2CsI=
            """;
        var reader = new HistogramLogReader(new StringReader(log));

        var records = reader.ReadRecords().ToList();

        Assert.Equal(["A", "B"], records.Select(r => r.Tag));
        Assert.Equal(2.133, reader.StartTimeSeconds); // the first interval stands in for a missing StartTime
        Assert.Equal(0.127, records[1].StartTimestamp);
        Assert.Equal(426, records[0].Histogram.Max / 1_000.0, 0);
        Assert.Equal(2_769, records[1].Histogram.Max / 1_000.0, 0);
    }

    [Fact]
    public void ReadRecords_MalformedLine_ThrowsWithLineNumber()
    {
        string log = "#[BaseTime: 0.000 (seconds since epoch)]\n1.000,1.000,HISTFAAAAB\n";

        var ex = Assert.Throws<FormatException>(() => new HistogramLogReader(new StringReader(log)).ReadRecords().ToList());

        Assert.StartsWith("Line 2:", ex.Message);
    }
}
