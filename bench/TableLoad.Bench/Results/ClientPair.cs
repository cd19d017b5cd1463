namespace TableLoad.Bench.Results;

/// <summary>A client bench.sh measures and the baseline it is judged against; a table's ratio is <see cref="Client"/> ÷ <see cref="Baseline"/>.</summary>
internal readonly record struct ClientPair(string Client, string Baseline, string Title)
{
    public const string TableLoadSdk = "tableload-sdk";
    public const string TableLoadWire = "tableload-wire";
    public const string TableLoadSdkDiagnostics = "tableload-sdk-diag";
    public const string Floor = "floor";
    public const string SdkLoop = "sdk-loop";

    /// <summary>In the order the tables show them; a pair is shown when the raw results hold both its clients.</summary>
    public static IReadOnlyList<ClientPair> All { get; } =
    [
        new(TableLoadSdk, SdkLoop, "TableLoad --client sdk ÷ the plain SDK loop"),
        new(TableLoadWire, Floor, "TableLoad --client wire ÷ the floor"),
        new(TableLoadSdkDiagnostics, TableLoadSdk, "TableLoad --client sdk --sdk-diagnostics ÷ without"),
    ];
}
