namespace TableLoad.Sweep;

/// <summary>Expands the knob lists into cells in a stable order: repeat passes, then client, runtime, operation, processes … rate innermost.</summary>
internal static class SweepGrid
{
    public static IReadOnlyList<SweepCell> Expand(SweepKnobs knobs, int repeat)
    {
        var cells = new List<SweepCell>(knobs.CellsPerPass * repeat);
        for (var pass = 1; pass <= repeat; pass++)
        {
            foreach (var client in knobs.Clients)
            {
            foreach (var runtime in knobs.Runtimes)
            {
            foreach (var operation in knobs.Operations)
            {
            foreach (var processes in knobs.Processes)
            {
                foreach (var tasks in knobs.Tasks)
                {
                    foreach (var batchSize in knobs.BatchSizes)
                    {
                        foreach (var entitySize in knobs.EntitySizes)
                        {
                            foreach (var partitions in knobs.Partitions)
                            {
                                foreach (var rate in knobs.Rates)
                                {
                                    cells.Add(new SweepCell(client, processes, tasks, batchSize, entitySize, partitions, CellLoad.Of(rate), pass) { Runtime = runtime, Workload = operation });
                                }
                            }
                        }
                    }
                }
            }
            }
            }
            }
        }

        return cells;
    }
}
