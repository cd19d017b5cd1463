namespace TableLoad.Workload;

/// <summary>
/// The entity a user gave with <c>--entity</c>: its custom properties, already checked against the service's
/// limits, and the names of the system and metadata members it held, which TableLoad replaces or leaves out.
/// </summary>
/// <param name="File">The file it was read from, as given.</param>
internal sealed record SampleEntity(string File, IReadOnlyList<SampleProperty> Properties, IReadOnlyList<string> Ignored)
{
    public bool Equals(SampleEntity? other) =>
        other is not null && File == other.File && Properties.SequenceEqual(other.Properties) && Ignored.SequenceEqual(other.Ignored);

    public override int GetHashCode() => HashCode.Combine(File, Properties.Count);

    /// <summary>The shape in a few words for a run's description: <c>typical.json: 12 properties (4 String, 2 Int32, ...)</c>.</summary>
    public string Describe()
    {
        var byType = Properties.GroupBy(p => p.Type).OrderBy(g => g.Key).Select(g => $"{g.Count()} {g.Key}");
        return $"{Path.GetFileName(File)}: {Properties.Count} properties ({string.Join(", ", byType)})";
    }
}
