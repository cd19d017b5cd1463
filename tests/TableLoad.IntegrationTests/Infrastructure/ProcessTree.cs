using System.Globalization;

namespace TableLoad.IntegrationTests.Infrastructure;

/// <summary>Finds a process's descendants from /proc, to look at worker processes from outside.</summary>
public static class ProcessTree
{
    /// <summary>The process listening on a loopback TCP port (Azurite, to freeze it with SIGSTOP).</summary>
    public static int ListeningPid(int port)
    {
        var ss = System.Diagnostics.Process.Start(new System.Diagnostics.ProcessStartInfo("ss", $"-Hltnp sport = :{port}") { RedirectStandardOutput = true })!;
        var line = ss.StandardOutput.ReadToEnd();
        ss.WaitForExit();
        var at = line.IndexOf("pid=", StringComparison.Ordinal);
        Assert.True(at >= 0, $"no process listens on port {port}: {line}");
        return int.Parse(line[(at + 4)..].Split(',')[0], CultureInfo.InvariantCulture);
    }

    public static void Signal(string signal, int pid) => System.Diagnostics.Process.Start("kill", $"-{signal} {pid}")!.WaitForExit();

    public static List<int> Children(int parent) => ParentsByPid().Where(p => p.Value == parent).Select(p => p.Key).Order().ToList();

    public static List<int> Descendants(int root)
    {
        var parents = ParentsByPid();
        var found = new List<int>();
        var frontier = new Queue<int>([root]);
        while (frontier.TryDequeue(out var parent))
        {
            foreach (var child in parents.Where(p => p.Value == parent).Select(p => p.Key))
            {
                found.Add(child);
                frontier.Enqueue(child);
            }
        }

        return found;
    }

    /// <exception cref="IOException">The process has ended.</exception>
    public static int Parent(int pid)
    {
        // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces, so read after the last ')'.
        var stat = File.ReadAllText($"/proc/{pid}/stat");
        return int.Parse(stat[(stat.LastIndexOf(')') + 2)..].Split(' ')[1], CultureInfo.InvariantCulture);
    }

    private static Dictionary<int, int> ParentsByPid()
    {
        var parents = new Dictionary<int, int>();
        foreach (var dir in Directory.GetDirectories("/proc"))
        {
            if (!int.TryParse(Path.GetFileName(dir), NumberStyles.None, CultureInfo.InvariantCulture, out var pid))
            {
                continue;
            }

            try
            {
                parents[pid] = Parent(pid);
            }
            catch (IOException)
            {
                // The process ended while we looked.
            }
        }

        return parents;
    }
}
