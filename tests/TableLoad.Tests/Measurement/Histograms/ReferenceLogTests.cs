using TableLoad.Measurement.Histograms;

namespace TableLoad.Tests.Measurement.Histograms;

// Known answers from the reference Java implementation: HdrHistogram's HistogramLogReaderWriterTest.jHiccupV2Log
// reads its test resource jHiccup-2.0.7S.logV2.hlog (reproduced below) and asserts these numbers.
public sealed class ReferenceLogTests
{
    [Fact]
    public void ReadRecords_JavaWrittenJHiccupLog_MatchesReferenceImplementationAnswers()
    {
        var reader = new HistogramLogReader(new StringReader(JHiccupV2Log));
        // Java accumulates into an auto-resizing Histogram(3): lowest 1, 3 digits, re-recording foreign layouts.
        var accumulated = new LatencyHistogram(highestTrackableValue: 3_600_000_000_000, significantDigits: 3);
        int histogramCount = 0;
        long totalCount = 0;

        foreach (var record in reader.ReadRecords())
        {
            histogramCount++;
            totalCount += record.Histogram.TotalCount;
            accumulated.AddRerecorded(record.Histogram);
        }

        Assert.Equal(38, histogramCount);
        Assert.Equal(30874, totalCount);
        Assert.Equal(956825599, accumulated.ValueAtPercentile(99.9));
        Assert.Equal(981991423, accumulated.Max);
        Assert.Equal(1441753532.570, reader.StartTimeSeconds);
    }

    [Fact]
    public void ReadRecords_JavaWrittenLog_TimestampsAreAbsoluteAndIntervalMaxMatches()
    {
        var records = new HistogramLogReader(new StringReader(JHiccupV2Log)).ReadRecords().ToList();

        // No BaseTime line and timestamps far before StartTime: HdrHistogram takes them as relative to StartTime.
        Assert.Equal(1441753532.570 + 0.126, records[0].StartTimestamp, 6);
        Assert.Equal(1.007, records[0].IntervalLength);
        Assert.Null(records[0].Tag);
        Assert.Equal(960.496, records[7].Histogram.Max / 1e6, 3); // the log's Interval_Max, in ms of nanoseconds
    }

    [Fact]
    public void EncodeUncompressed_EveryJavaWrittenInterval_ReproducesTheReferenceEncoding()
    {
        var intervalLines = JHiccupV2Log.Split('\n').Where(line => line.Length > 0 && line[0] != '#' && line[0] != '"').ToList();

        foreach (string line in intervalLines)
        {
            byte[] reference = Convert.FromBase64String(line.Split(',')[3]);
            byte[] referenceV2 = HistogramEncodingTests.Inflate(reference.AsSpan(8));

            byte[] ours = HistogramEncoding.EncodeUncompressed(HistogramEncoding.DecodeCompressed(reference));

            HistogramEncodingTests.AssertSameV2Encoding(referenceV2, ours);
        }
        Assert.Equal(38, intervalLines.Count);
    }

    private const string JHiccupV2Log =
        """
        #[Logged with jHiccup version 2.0.7-SNAPSHOT]
        #[Histogram log format version 1.2]
        #[StartTime: 1441753532.570 (seconds since epoch), Tue Sep 08 16:05:32 PDT 2015]
        "StartTimestamp","Interval_Length","Interval_Max","Interval_Compressed_Histogram"
        0.126,1.007,1.933,HISTFAAAAEB42pNpmSzMwMAgywABTBDKT4GBgdnNYMcCBvsPEBEjDT0FMTUxMT05LgEhPqmIeWxtTAKMTNxM6xmZmAAjcgjc
        1.133,1.000,0.377,HISTFAAAADx42pNpmSzMwMAgyQABTBDKT4GBgdnNYMcCBvsPEBEBDQUxCSkJMTEFOSExPhmbR6xfmPQ4GJmYAP4DCJg=
        2.133,1.001,0.328,HISTFAAAADl42pNpmSzMwMAgxgABTBDKT4GBgdnNYMcCBvsPEBEdKw09MQUFEQkbCTEhMZGAY6wbmFQ4AOqWCKo=
        3.134,1.000,0.311,HISTFAAAADh42pNpmSzMwMAgygABTBDKT4GBgdnNYMcCBvsPEBEWES0OAR4REQEhET4JMRG5O+xzmHgA0uYHiw==
        4.134,0.998,0.328,HISTFAAAADl42pNpmSzMwMAgxgABTBDKT4GBgdnNYMcCBvsPEBERFT4hPjExHj45MREuHgGNPWzfmGxYAN01CAk=
        5.132,1.002,0.426,HISTFAAAADx42pNpmSzMwMAgyQABTBDKT4GBgdnNYMcCBvsPEBEpHTUFNTkpKTYxCSEBASmle2zrmFhFmJmYAPywCCo=
        6.134,1.000,0.328,HISTFAAAADl42pNpmSzMwMAgxgABTBDKT4GBgdnNYMcCBvsPEBEOLTU+CSEWMT4xHiERHhGZTWxtzA5MANtsB4w=
        7.134,1.515,960.496,HISTFAAAAJV42pNpmSzMwMDUwAABTBDKT4GBgdnNYMcCBvsPEBEWLi4eNkY2PiYOPhYOLgGOLuZjTGLrGZnKgTCYyZrJEoh1mWSZpMFQFkpyM/GCMTKJzOdkYoVCZjgLmc1MhDwzEyMQggl0SH1BbEJIgIUJC2AhUoxchSwsLGwsMIBgYRUkQyFBaQ4g4EIl0PlcpKtB4wMAh5wT+Q==
        8.649,0.483,1.196,HISTFAAAAEB42pNpmSzMwMAgywABTBDKT4GBgdnNYMcCBvsPEBEuFTkhER4BLg4JJh4+Hh6fC0xJ3BLiTKxM5kxMTAAQ9QfA
        9.132,1.001,1.180,HISTFAAAAEV42pNpmSzMwMCgzAABTBDKT4GBgdnNYMcCBvsPEBEOGS4lLi4+CS4FMT4hET65IyxrWEr4mFiZmBiZRIFQmYkJAEe9CGE=
        10.133,0.999,0.459,HISTFAAAAD542pNpmSzMwMAgxQABTBDKT4GBgdnNYMcCBvsPEBEWAwMJHgEBEQkZPh4hIR6pd8w7WBYwSnAzMQEAA2UImg==
        11.132,1.001,0.328,HISTFAAAADt42pNpmSzMwMAgzgABTBDKT4GBgdnNYMcCBvsPEBE2OS4+HiYhCQkpAQEOPh6tH0z3WLcx8gAA5FgIgA==
        12.133,0.999,0.328,HISTFAAAADt42pNpmSzMwMAgzgABTBDKT4GBgdnNYMcCBvsPEBERCwMRASEeISEFKQE2Nh6ZHUzvWOcwigEA6gQIjg==
        13.132,1.221,897.581,HISTFAAAAJN42pNpmSzMwMBUyAABTBDKT4GBgdnNYMcCBvsPUBkRDjYWFiYONj42NjYeDq4JjOcYNY4yspQzlTN5MlkyWQOxJpM0kywQS0NpSSZuJl4gRCcRLE4mViBkBpOsaGxCojAWIwpE41JBkJA6dMDCxESUGGUKkQRZQICNBQawsSiTJqCQiwMI0AgOLsIEXmk2AGRbE3w=
        14.353,0.780,0.344,HISTFAAAADt42pNpmSzMwMAgwQABTBDKT4GBgdnNYMcCBvsPEBE5BzMeEQEROR4xPh4+Hg6lD4yfmFsYeZgA9ggIvg==
        15.133,0.999,0.328,HISTFAAAADp42pNpmSzMwMAgzgABTBDKT4GBgdnNYMcCBvsPEBEeMwUuIQEeNiUVIT4hNg6RH4x9bOcYlQDnkgiG
        16.132,1.002,0.344,HISTFAAAADx42pNpmSzMwMAgwQABTBDKT4GBgdnNYMcCBvsPEBE2IQk+HhERAQEZCQE2HgGJOUyL2A4xSjEBAOmUCAQ=
        17.134,1.000,0.410,HISTFAAAAD142pNpmSzMwMAgxQABTBDKT4GBgdnNYMcCBvsPEBEuEzkJAxExITEFBRE+IR6tKUyvWPsYeVhZmAAGAwic
        18.134,1.874,985.661,HISTFAAAAJN42pNpmSzMwMDUwQABTBDKT4GBgdnNYMcCBvsPEBEWMQERPj4+CQERBSEeLj6paUw9rHsYeWqZyoEwm8mayRKMZZmkwRBGCzPxMnEDMTKJymdnYmZihUNmLCzsosgsRjhEYlJJkBh1QMDChAmwiREvSIJCFhhgY8HCxM+iTBrC4uDg4uBAJtD52Aiy1LAAAM0NFUM=
        20.008,0.125,0.426,HISTFAAAADh42pNpmSzMwMAgygABTBDKT4GBgdnNYMcCBvsPEBEuHjY2Fg4mDiZmNhZGFj4HLTZOFiYAxNAFpQ==
        20.133,0.999,0.672,HISTFAAAAD542pNpmSzMwMAgzQABTBDKT4GBgdnNYMcCBvsPEBEOCSkJHgk+OREZCTEeDi6peyyTWCp42JmkmZgABl8ILg==
        21.132,1.002,0.328,HISTFAAAADp42pNpmSzMwMAgzgABTBDKT4GBgdnNYMcCBvsPEBEOOx0NIR4OCQEJKT4hPgGeQ8xtrD2MHADoXggX
        22.134,0.998,0.344,HISTFAAAADp42pNpmSzMwMAgzgABTBDKT4GBgdnNYMcCBvsPEBEODwMhIQExHhU5Lh4OHh6NI8yTWJO4mADo9ggQ
        23.132,1.000,0.328,HISTFAAAADt42pNpmSzMwMAgzgABTBDKT4GBgdnNYMcCBvsPEBE+ExkBIR4RMSEFCQEOMQ6ZU0y/WGcwcgAA6MgIjA==
        24.132,1.002,0.328,HISTFAAAADt42pNpmSzMwMAgzgABTBDKT4GBgdnNYMcCBvsPEBEhOSE5Dj4RDg4dMSEBAQ6JG0yXWE8xCgAA5lAIiA==
        25.134,0.997,0.328,HISTFAAAADt42pNpmSzMwMAgzgABTBDKT4GBgdnNYMcCBvsPEBE+NQUBKT4hGTkNCQEuPhGRfUxXWFcwCgEA6SAIig==
        26.131,1.001,0.344,HISTFAAAADx42pNpmSzMwMAgwQABTBDKT4GBgdnNYMcCBvsPEBEOJQE+IQE+KQE5Pj4BDj6hf4yL2B4wijEBAO3hCIM=
        27.132,1.000,0.328,HISTFAAAADp42pNpmSzMwMAgzgABTBDKT4GBgdnNYMcCBvsPEBEeDQMhIQExES4pAT4RDh6eBqYZbNcY+QDkzAgL
        28.132,0.999,0.328,HISTFAAAADt42pNpmSzMwMAgzgABTBDKT4GBgdnNYMcCBvsPEBGRPB0OASUeMREpISEOLiGVeUwPWCcxCgAA7dIImg==
        29.131,1.001,0.672,HISTFAAAAD542pNpmSzMwMAgxQABTBDKT4GBgdnNYMcCBvsPEBExKyM1OQURMQUTFRkZGbktjPOYVzCHsKkyMQEAEO8JTw==
        30.132,0.999,1.212,HISTFAAAAEp42pNpmSzMwMCgxgABTBDKT4GBgdnNYMcCBvsPEBEZtyAzEx0ZBRMdIQ0ZAZkXjIdYdjCysjGyMDGzsDNxMjExMlkzMQEAlqQKHg==
        31.131,1.002,1.704,HISTFAAAAER42pNpmSzMwMCgyAABTBDKT4GBgdnNYMcCBvsPEBEBCTE5CSEBPikxFRkuEbGcc6w/mIyYmVjYmbSZRJl8mZgARSsJMg==
        32.133,0.999,0.328,HISTFAAAADl42pNpmSzMwMAgxgABTBDKT4GBgdnNYMcCBvsPEBEuOxUFMT4RIRkRHj4eCQGlO8wdrDFsAOChCBE=
        33.132,1.001,0.328,HISTFAAAADl42pNpmSzMwMAgxgABTBDKT4GBgdnNYMcCBvsPEBEhCwk5JSU5MR4tKQkBCTGJWSzbWByYAOMdCB0=
        34.133,1.000,0.328,HISTFAAAADp42pNpmSzMwMAgzgABTBDKT4GBgdnNYMcCBvsPEBEuAzERMQEeJRExKRE+Hj6TD0zHWBsYRQDpLAiM
        35.133,0.999,8.716,HISTFAAAAEx42pNpmSzMwMCgzQABTBDKT4GBgdnNYMcCBvsPEBE+CQUJAQEOAQkFEQ4BIR6xD0xPWCcwcsizNDMylQNhOJM1kyUQ6zMxAQC4Hwtg
        36.132,1.000,0.328,HISTFAAAADp42pNpmSzMwMAgzgABTBDKT4GBgdnNYMcCBvsPEBEeHQ0hMR4RPiEVISEeATmlNuYFrLMYuQDmMggN
        37.132,1.000,0.344,HISTFAAAADp42pNpmSzMwMAgzgABTBDKT4GBgdnNYMcCBvsPEBEOLy0JLg4uMS4FFjYhHgGpGcyvWLM4mADmgggO
        """;
}
