namespace TableLoad.Bench.Results;

/// <summary>A client bench.sh measures and the baseline it is judged against; a table's ratio is <see cref="Client"/> ÷ <see cref="Baseline"/>.</summary>
internal readonly record struct ClientPair(string Client, string Baseline, string Title)
{
    public const string TableLoadSdk = "tableload-sdk";
    public const string TableLoadWire = "tableload-wire";
    public const string TableLoadSdkDiagnostics = "tableload-sdk-diag";
    public const string TableLoadSdkDefaults = "tableload-sdk-defaults";
    public const string Floor = "floor";
    public const string SdkLoop = "sdk-loop";

    /// <summary>In the order the tables show them; a pair is shown when the raw results hold both its clients.</summary>
    public static IReadOnlyList<ClientPair> All { get; } =
    [
        new(TableLoadSdk, SdkLoop, "TableLoad --client sdk ÷ the plain SDK loop"),
        new(TableLoadWire, Floor, "TableLoad --client wire ÷ the floor"),
        new(TableLoadSdkDefaults, SdkLoop, "TableLoad --client sdk --runtime defaults ÷ the plain SDK loop (both under .NET's defaults)"),
        new(TableLoadSdk, TableLoadSdkDefaults, "TableLoad --client sdk (tuned runtime) ÷ --runtime defaults"),
        new(TableLoadSdkDiagnostics, TableLoadSdk, "TableLoad --client sdk --sdk-diagnostics ÷ without"),
        Variant("tableload-sdk-datas-on", "GC dynamic adaptation (DATAS) on"),
        Variant("tableload-sdk-gen0-128m", "a gen0 budget of at least 128 MB (DOTNET_GCgen0size)"),
        Variant("tableload-sdk-gc-nonconcurrent", "non-concurrent GC"),
        Variant("tableload-sdk-pgo-on", "tiered PGO on"),
        Variant("tableload-sdk-workstation-gc", "workstation GC"),
        Variant("tableload-sdk-spinning", "idle thread-pool workers spinning (.NET's default)"),
    ];

    /// <summary>TableLoad --client sdk with one runtime setting changed, against TableLoad as it ships (bench.sh --settings).</summary>
    private static ClientPair Variant(string client, string change) => new(client, TableLoadSdk, $"TableLoad --client sdk with {change} ÷ as shipped");
}
