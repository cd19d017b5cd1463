using System.Text.Json;
using TableLoad.Settings;

namespace TableLoad.Proxy;

/// <summary>
/// The settings a <c>--profile</c> JSON file gives, under the options' names in snake_case; a field
/// it leaves out is null. Unknown fields and wrong JSON types are refused with one sentence.
/// </summary>
internal sealed record ProxyProfile
{
    public static readonly IReadOnlyList<string> FieldNames =
    [
        "listen", "target", "partition_limit", "account_limit", "timeout_share", "cosmos", "latency",
        "reset_rate", "lose_answer_rate", "delay_answer_rate", "delay_answer", "seed",
    ];

    public string? Listen { get; init; }

    public string? Target { get; init; }

    public double? PartitionLimit { get; init; }

    public double? AccountLimit { get; init; }

    public double? TimeoutShare { get; init; }

    public bool? Cosmos { get; init; }

    public string? Latency { get; init; }

    public double? ResetRate { get; init; }

    public double? LoseAnswerRate { get; init; }

    public double? DelayAnswerRate { get; init; }

    public string? DelayAnswer { get; init; }

    public int? Seed { get; init; }

    /// <summary>Reads a profile; <paramref name="name"/> is how error messages call the file.</summary>
    public static ProxyProfile Parse(string json, string name)
    {
        JsonDocument document;
        try
        {
            document = JsonDocument.Parse(json, new JsonDocumentOptions { AllowTrailingCommas = true, CommentHandling = JsonCommentHandling.Skip });
        }
        catch (JsonException ex)
        {
            throw new UsageException($"The profile {name} is not valid JSON (line {(ex.LineNumber ?? 0) + 1}).");
        }

        using (document)
        {
            if (document.RootElement.ValueKind != JsonValueKind.Object)
            {
                throw new UsageException($"The profile {name} must hold one JSON object, such as {{\"partition_limit\": 500}}.");
            }

            var profile = new ProxyProfile();
            foreach (var field in document.RootElement.EnumerateObject())
            {
                var value = field.Value;
                profile = field.Name switch
                {
                    "listen" => profile with { Listen = String(value, field.Name, name) },
                    "target" => profile with { Target = String(value, field.Name, name) },
                    "partition_limit" => profile with { PartitionLimit = Number(value, field.Name, name) },
                    "account_limit" => profile with { AccountLimit = Number(value, field.Name, name) },
                    "timeout_share" => profile with { TimeoutShare = Number(value, field.Name, name) },
                    "cosmos" => profile with { Cosmos = Boolean(value, field.Name, name) },
                    "latency" => profile with { Latency = String(value, field.Name, name) },
                    "reset_rate" => profile with { ResetRate = Number(value, field.Name, name) },
                    "lose_answer_rate" => profile with { LoseAnswerRate = Number(value, field.Name, name) },
                    "delay_answer_rate" => profile with { DelayAnswerRate = Number(value, field.Name, name) },
                    "delay_answer" => profile with { DelayAnswer = String(value, field.Name, name) },
                    "seed" => profile with { Seed = Integer(value, field.Name, name) },
                    _ => throw new UsageException($"The profile {name} has an unknown field '{field.Name}'; the fields are {string.Join(", ", FieldNames)}."),
                };
            }

            return profile;
        }
    }

    private static string String(JsonElement value, string field, string name) =>
        value.ValueKind == JsonValueKind.String
            ? value.GetString()!
            : throw new UsageException($"In the profile {name}, {field} must be a string such as \"50ms\", not {value.GetRawText()}.");

    private static double Number(JsonElement value, string field, string name) =>
        value.ValueKind == JsonValueKind.Number && value.TryGetDouble(out var number)
            ? number
            : throw new UsageException($"In the profile {name}, {field} must be a number, not {value.GetRawText()}.");

    private static bool Boolean(JsonElement value, string field, string name) =>
        value.ValueKind is JsonValueKind.True or JsonValueKind.False
            ? value.GetBoolean()
            : throw new UsageException($"In the profile {name}, {field} must be true or false, not {value.GetRawText()}.");

    private static int Integer(JsonElement value, string field, string name) =>
        value.ValueKind == JsonValueKind.Number && value.TryGetInt32(out var number)
            ? number
            : throw new UsageException($"In the profile {name}, {field} must be a whole number, not {value.GetRawText()}.");
}
