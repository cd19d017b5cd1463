using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains.InProcess.Emit;

// In-process (no generated project to build) and short, so the whole set runs in a couple of minutes.
var job = Job.Default
    .WithToolchain(InProcessEmitToolchain.Instance)
    .WithLaunchCount(1)
    .WithWarmupCount(3)
    .WithIterationCount(6)
    .WithIterationTime(Perfolizer.Horology.TimeInterval.FromMilliseconds(250))
    .WithId("Short");
var config = DefaultConfig.Instance
    .AddJob(job)
    .AddDiagnoser(MemoryDiagnoser.Default)
    .AddColumn(StatisticColumn.Min, StatisticColumn.Max)
    .WithSummaryStyle(SummaryStyle.Default.WithMaxParameterColumnWidth(20))
    .WithOptions(ConfigOptions.JoinSummary | ConfigOptions.DisableLogFile);

BenchmarkSwitcher.FromAssembly(typeof(TableLoad.MicroBench.BatchBodyBenchmarks).Assembly).Run(args.Length == 0 ? ["--filter", "*"] : args, config);
