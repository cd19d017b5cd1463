using System.Diagnostics;
using System.Text;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.Reporting;

namespace TableLoad.IntegrationTests.Security;

/// <summary>
/// A recognisable key and SAS go through every path — success, refusals, failures, Ctrl+C, a worker
/// crash — and appear in none of the output, the result files, any child process's argv, or a worker's
/// environment (a worker gets them in its start message on stdin).
/// </summary>
[Collection(SecretAccountCollection.Name)]
public sealed class SecretsNeverLeakTests(SecretAccountFixture azurite) : IDisposable
{
    // Ten batches a second instead of as many as the machine answers: the runs that wait for a measured second, an interrupt or
    // a worker's end cost little CPU while they wait (the --batches runs below keep the closed model's paths among those read).
    private static readonly string[] Paced = ["--rate", "100", "--batch-size", "10"];

    // A sweep's cells hand on the string whatever load they send: three batches each end them at any machine speed.
    private static readonly string[] ThreeBatches = ["--batches", "3", "--duration", "1m"];

    // Six batches a second against the proxy's two keep it throttling at any machine speed, and twenty of them give it
    // answers enough to lose and requests enough to reset, without a closed model's refused batches busying both cores.
    private static readonly string[] OverTheProxysLimit = ["--batch-size", "10", "--rate", "60", "--batches", "20", "--duration", "1m"];

    private readonly string _root = Directory.CreateTempSubdirectory("tableload-secret-").FullName;
    private readonly StringBuilder _seen = new();
    private int _workerEnvironments;

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task KeyAndSas_NeverAppear_InOutputFilesOrChildArgv(string client)
    {
        // Success, with workers whose argv is sampled while they run, and --verify. A second of paced load sends batches enough:
        // what is looked for is a string, which a longer or faster run only prints more often.
        await ObserveAsync(["run", "--client", client, "--processes", "2", "--tasks", "2", .. Paced, "--duration", "1s", "--warmup", "0s", "--verify", "--output", Out("ok")], azurite.SecretConnectionString, expectExit: 0);

        // The same through --endpoint with the SAS on the command line and in the environment.
        await ObserveAsync(["run", "--client", client, "--endpoint", azurite.SecretEndpoint.ToString(), "--sas", azurite.Sas, "--processes", "2", "--tasks", "2", .. Paced, "--duration", "1s", "--warmup", "0s", "--verify", "--output", Out("sas")], null, expectExit: 0);
        await ObserveAsync(["run", "--client", client, "--endpoint", azurite.SecretEndpoint.ToString(), "--batches", "3", "--warmup", "0s", "--output", Out("sasenv")], null, expectExit: 0, environment: ("TABLELOAD_SAS", azurite.Sas));
        await ObserveAsync(["run", "--client", client, "--batches", "3", "--warmup", "0s", "--verify", "--output", Out("sascs")], $"TableEndpoint={azurite.SecretEndpoint};SharedAccessSignature={azurite.Sas}", expectExit: 0);
        await ObserveAsync(["run", "--client", client, "--endpoint", azurite.SecretEndpoint.ToString(), "--processes", "2", "--tasks", "1", "--batches", "4", "--warmup", "0s", "--output", Out("sasenvp2")], null, expectExit: 0, environment: ("TABLELOAD_SAS", azurite.Sas));

        // A wrong key: the service's refusal of the client's signature.
        await ObserveAsync(["run", "--client", client, "--batches", "1", "--output", Out("wrongkey")], azurite.SecretConnectionString.Replace(SecretAccountFixture.Key, Convert.ToBase64String(Encoding.ASCII.GetBytes("TABLELOAD-RECOGNISABLE-SECRET-KEY-wrong"))), expectExit: 3);

        // Ctrl+C, and a worker killed mid-run (once a second is measured; the other worker then runs to the end).
        await ObserveAsync(["run", "--client", client, "--duration", "5m", "--warmup", "0s", "--tasks", "2", .. Paced, "--output", Out("int")], azurite.SecretConnectionString, expectExit: 130, midRun: MidRun.Interrupt);
        await ObserveAsync(["run", "--client", client, "--processes", "2", "--tasks", "1", .. Paced, "--duration", "6s", "--warmup", "0s", "--output", Out("crash")], azurite.SecretConnectionString, expectExit: 5, midRun: MidRun.KillAWorker);

        // report of result folders made with the key and with the SAS.
        await ObserveAsync(["report", Out("ok"), "--output", Out("report-ok")], null, expectExit: 0);
        await ObserveAsync(["report", Out("sas"), "--output", Out("report-sas")], null, expectExit: 0);

        Assert.True(_workerEnvironments > 0, "No worker's environment was sampled, so the check of it proves nothing.");
        Assert.Contains("stored", AssertNoSecretInWhatWasSeen(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task KeyAndSas_NeverAppear_InRefusalsFailuresOrSweeps()
    {
        // Refusals and failures before any batch, whichever the client: bad input, an unreachable endpoint, a mangled string.
        await ObserveAsync(["run", "--batch-size", "101"], azurite.SecretConnectionString, expectExit: 2);
        await ObserveAsync(["run", "--timeout", "3s"], azurite.SecretConnectionString.Replace($":{azurite.Port}/", ":9/"), expectExit: 3);
        await ObserveAsync(["run"], azurite.SecretConnectionString.Replace("AccountKey=", "AccountKey=*"), expectExit: 2);

        // A sweep hands the string to every cell, of either client.
        await ObserveAsync(["sweep", "--client", "sdk,wire", "--tasks", "1", "--batch-size", "10", .. ThreeBatches, "--warmup", "0s", "--output", Out("sweep")], azurite.SecretConnectionString, expectExit: 0);

        // A sweep given the SAS on its command line or in the environment, resumed, and resumed with other run options (refused).
        string[] sasSweep = ["sweep", "--endpoint", azurite.SecretEndpoint.ToString(), "--sas", azurite.Sas, "--processes", "1,2", "--tasks", "1", "--batch-size", "10", .. ThreeBatches, "--warmup", "0s", "--output", Out("sweepsas")];
        await ObserveAsync(sasSweep, null, expectExit: 0);
        await ObserveAsync([.. sasSweep, "--resume"], null, expectExit: 0);
        await ObserveAsync([.. sasSweep, "--resume", "--retries", "1"], null, expectExit: 2);
        await ObserveAsync(["sweep", "--endpoint", azurite.SecretEndpoint.ToString(), "--tasks", "1", "--batch-size", "10", .. ThreeBatches, "--warmup", "0s", "--output", Out("sweepsasenv")], null, expectExit: 0, environment: ("TABLELOAD_SAS", azurite.Sas));

        Assert.Contains("wire-p1-t1-b10-e1024-single-r1", AssertNoSecretInWhatWasSeen(), StringComparison.Ordinal);
    }

    /// <summary>Adds every file written under the test's folder to what was seen, finds no secret in it in any form, nor the phrase the key encodes, and returns it all.</summary>
    private string AssertNoSecretInWhatWasSeen()
    {
        foreach (var file in Directory.EnumerateFiles(_root, "*", SearchOption.AllDirectories))
        {
            _seen.AppendLine(File.ReadAllText(file));
        }

        var everything = _seen.ToString();
        Assert.Contains("secretacct", everything, StringComparison.Ordinal);
        foreach (var secret in azurite.Secrets())
        {
            Assert.DoesNotContain(secret, everything, StringComparison.Ordinal);
        }

        Assert.DoesNotContain("TABLELOAD-RECOGNISABLE", everything, StringComparison.Ordinal);
        return everything;
    }

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task KeyAndSas_NeverAppear_InTheProxysOutput_OrInRunsThroughIt(string client)
    {
        // The proxy sees every signed request and every SAS query; it throttles, loses and resets some,
        // so the runs' error paths and retries go through it as well. Detailed verbosity says the most.
        // Batches of 10 against 20 entities a second: 60 asked a second exceed it at any machine speed (at 400 e/s, batches of 100
        // from a busy machine's two tasks once stayed under it), and the two a second it admits meet a lost answer at 40%.
        using var proxy = TableLoadProcess.Start(
            ["--verbosity", "detailed", "proxy", "--listen", "http://127.0.0.1:0", "--target", $"http://127.0.0.1:{azurite.Port}",
             "--partition-limit", "20", "--lose-answer-rate", "0.4", "--reset-rate", "0.2", "--seed", "11"],
            null);
        var port = await ProxyProcess.ListeningPortAsync(proxy, TimeSpan.FromSeconds(30));
        var throughProxy = new Uri($"http://127.0.0.1:{port}/{SecretAccountFixture.Account}");

        await ObserveAsync(["run", "--client", client, "--tasks", "2", .. OverTheProxysLimit, "--warmup", "0s", "--retries", "2", "--verify", "--output", Out("proxy-key")],
            azurite.SecretConnectionString.Replace(azurite.SecretEndpoint.ToString(), throughProxy.ToString()), expectExit: 0);
        await ObserveAsync(["run", "--client", client, "--endpoint", throughProxy.ToString(), "--sas", azurite.Sas, "--processes", "2", "--tasks", "1", .. OverTheProxysLimit, "--warmup", "0s", "--retries", "2", "--verify", "--output", Out("proxy-sas")],
            null, expectExit: 0);
        using (var http = new HttpClient())
        {
            _seen.AppendLine(await http.GetStringAsync(new Uri($"http://127.0.0.1:{port}/_proxy/stats")));
        }

        _seen.AppendLine(File.ReadAllText($"/proc/{proxy.Id}/cmdline").Replace('\0', ' '));
        proxy.Signal(15);
        Assert.Equal(0, await proxy.WaitForExitAsync(TimeSpan.FromSeconds(30)));
        _seen.AppendLine(proxy.StandardOutput).AppendLine(proxy.StandardError);
        foreach (var file in Directory.EnumerateFiles(_root, "*", SearchOption.AllDirectories))
        {
            _seen.AppendLine(File.ReadAllText(file));
        }

        // The proxy did its faults on these runs, so their failure paths are among what was read.
        var stats = TableLoad.Proxy.ProxyStats.FromJson(proxy.StandardOutput.Split('\n', StringSplitOptions.RemoveEmptyEntries)[^1])!;
        Assert.True(stats.ThrottledEntities > 0 && stats.LostAnswers > 0 && stats.Resets > 0, $"the proxy throttled {stats.ThrottledEntities} entities, lost {stats.LostAnswers} answers and reset {stats.Resets} requests");
        var everything = _seen.ToString();
        Assert.Contains("secretacct", everything, StringComparison.Ordinal);
        foreach (var secret in azurite.Secrets())
        {
            Assert.DoesNotContain(secret, everything, StringComparison.Ordinal);
        }
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);

    private string Out(string name) => Path.Combine(_root, name);

    private async Task ObserveAsync(
        string[] args, string? connectionString, int expectExit, MidRun midRun = MidRun.Nothing, (string Name, string Value)? environment = null)
    {
        using var run = TableLoadProcess.Start(args, connectionString, environment);

        // Every child's argv is read for as long as they live; an interruption waits until the load is
        // measured (a first second in intervals.csv), whatever the machine's speed.
        var measured = args.Contains("--output") ? Path.Combine(args[Array.IndexOf(args, "--output") + 1], ResultFiles.IntervalsCsv) : null;
        var limit = DateTime.UtcNow + TimeSpan.FromSeconds(90);
        while (!run.HasExited && DateTime.UtcNow < limit && !(midRun != MidRun.Nothing && HasAMeasuredSecond(measured)))
        {
            SampleDescendantArgv(run.Id);
            await Task.Delay(100);
        }

        if (midRun == MidRun.Interrupt)
        {
            run.Signal(2);
        }

        if (midRun == MidRun.KillAWorker)
        {
            var worker = ProcessTree.Descendants(run.Id).First();
            Process.GetProcessById(worker).Kill();
        }

        var exitCode = await run.WaitForExitAsync(TimeSpan.FromSeconds(90));
        _seen.AppendLine(run.StandardOutput).AppendLine(run.StandardError);
        Assert.True(exitCode == expectExit, $"{string.Join(' ', args.Take(3))}: exit {exitCode}, expected {expectExit}. stderr: {run.StandardError}");
    }

    private static bool HasAMeasuredSecond(string? intervals)
    {
        try
        {
            return intervals is not null && File.Exists(intervals) && File.ReadLines(intervals).Skip(1).Any();
        }
        catch (IOException)
        {
            return false;
        }
    }

    public enum MidRun
    {
        Nothing,
        Interrupt,
        KillAWorker,
    }

    /// <summary>
    /// Between fork and exec a child still shows its parent's argv, which holds the --sas the user typed;
    /// TableLoad never starts a child with its own argv, so an identical one is that moment, not a leak.
    /// </summary>
    private static bool IsForkedButNotYetExecuted(int pid, string argv) =>
        argv == File.ReadAllText($"/proc/{ProcessTree.Parent(pid)}/cmdline").Replace('\0', ' ');

    private void SampleDescendantArgv(int root)
    {
        foreach (var pid in ProcessTree.Descendants(root))
        {
            try
            {
                var argv = File.ReadAllText($"/proc/{pid}/cmdline").Replace('\0', ' ');
                if (IsForkedButNotYetExecuted(pid, argv))
                {
                    continue;
                }

                _seen.AppendLine(argv);

                // A sweep hands the secrets to its cells in their environment; a run's workers get none there.
                if (argv.TrimEnd().EndsWith(" worker", StringComparison.Ordinal))
                {
                    _seen.AppendLine(File.ReadAllText($"/proc/{pid}/environ").Replace('\0', ' '));
                    _workerEnvironments++;
                }
            }
            catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
            {
                // The child ended between listing and reading.
            }
        }
    }
}
