using System.Text.Json;
using TableLoad.Workload;

namespace TableLoad.Tests.Workload;

/// <summary>A sample entity in the service's JSON format: its types and values as the service would store them, or one sentence why not.</summary>
public sealed class SampleEntityReaderTests
{
    private static SampleEntity Parse(string json) => SampleEntityReader.Parse("s.json", json);

    private static string Refusal(string json) => Assert.Throws<FormatException>(() => Parse(json)).Message;

    [Fact]
    public void Parse_TypesFromJsonAndAnnotations_InTheServicesText()
    {
        var sample = Parse("""
            {"Name": "Ada", "Count": 5, "Ratio": 0.5, "Paid": true,
             "Big@odata.type": "Edm.Int64", "Big": "9007199254740993",
             "Whole@odata.type": "Edm.Double", "Whole": 2,
             "When@odata.type": "Edm.DateTime", "When": "2024-05-14T11:30:58.512+02:00",
             "Id@odata.type": "Edm.Guid", "Id": "3F2B8C1E-9D4A-4E6B-8F0A-2C7D5E1B9A64",
             "Blob@odata.type": "Edm.Binary", "Blob": "AAEC"}
            """);

        Assert.Equal(
            [
                new("Name", EdmType.String, "Ada"), new("Count", EdmType.Int32, "5"), new("Ratio", EdmType.Double, "0.5"), new("Paid", EdmType.Boolean, "true"),
                new("Big", EdmType.Int64, "9007199254740993"), new("Whole", EdmType.Double, "2"), new("When", EdmType.DateTime, "2024-05-14T09:30:58.5120000Z"),
                new("Id", EdmType.Guid, "3f2b8c1e-9d4a-4e6b-8f0a-2c7d5e1b9a64"), new("Blob", EdmType.Binary, "AAEC"),
            ],
            sample.Properties);
    }

    [Fact]
    public void Parse_SystemAndMetadataMembers_AreLeftOutAndNamed()
    {
        var sample = Parse("""
            {"odata.metadata": "m", "odata.etag": "W/1", "etag": "W/2", "PartitionKey": "p", "RowKey": "r",
             "Timestamp@odata.type": "Edm.DateTime", "Timestamp": "2024-01-01T00:00:00Z", "Name": "Ada"}
            """);

        Assert.Equal([new SampleProperty("Name", EdmType.String, "Ada")], sample.Properties);
        Assert.Equal(["odata.metadata", "odata.etag", "etag", "PartitionKey", "RowKey", "Timestamp"], sample.Ignored);
    }

    [Fact]
    public void Template_OfASample_SharesOneValuePerProperty_AndSendsTheServicesJson()
    {
        var sample = Parse("""{"Name": "Ada", "Big@odata.type": "Edm.Int64", "Big": "12", "Nan@odata.type": "Edm.Double", "Nan": "NaN"}""");

        var template = EntityTemplate.FromSample(sample);

        Assert.Equal(["Ada", 12L, double.NaN], template.Values.Select(v => v.Value));
        Assert.Equal("""{"Name":"Ada","Big@odata.type":"Edm.Int64","Big":"12","Nan@odata.type":"Edm.Double","Nan":"NaN"}""", "{" + System.Text.Encoding.UTF8.GetString(template.JsonFragment)[1..] + "}");
        Assert.Equal(6 + 8 + 8, template.PayloadBytes);
        using var parsed = JsonDocument.Parse("{" + System.Text.Encoding.UTF8.GetString(template.JsonFragment)[1..] + "}");
        Assert.Equal(5, parsed.RootElement.EnumerateObject().Count());
    }

    [Theory]
    [InlineData("[1, 2]", "is not a JSON object")]
    [InlineData("{\"a\": 1,}", "is not valid JSON: line 1, position 9: ")]
    [InlineData("{\"a\": 1, \"a\": 2}", "is not valid JSON: Duplicate")]
    [InlineData("{\"a-b\": 1}", "'a-b' is not a property name the service takes")]
    [InlineData("{\"1st\": 1}", "'1st' is not a property name the service takes")]
    [InlineData("{\"Batch\": \"x\"}", "'Batch' is reserved: TableLoad writes each batch's nonce")]
    [InlineData("{\"rowkey\": \"x\"}", "'rowkey' is reserved: the service keeps PartitionKey")]
    [InlineData("{\"a@odata.type\": \"Edm.Decimal\", \"a\": \"1\"}", "'a@odata.type' is \"Edm.Decimal\", not an Edm type the Table service knows")]
    [InlineData("{\"a@odata.type\": \"Edm.Int64\"}", "'a@odata.type' annotates no property 'a'")]
    [InlineData("{\"a@odata.type\": \"Edm.Int32\", \"a\": 2147483648}", "'a' is 2147483648, which does not fit Edm.Int32")]
    [InlineData("{\"a@odata.type\": \"Edm.Int64\", \"a\": \"12x\"}", "'a' is \"12x\", which does not fit Edm.Int64")]
    [InlineData("{\"a@odata.type\": \"Edm.Guid\", \"a\": \"not-a-guid\"}", "which does not fit Edm.Guid")]
    [InlineData("{\"a@odata.type\": \"Edm.DateTime\", \"a\": \"yesterday\"}", "which does not fit Edm.DateTime")]
    [InlineData("{\"a@odata.type\": \"Edm.DateTime\", \"a\": \"1600-12-31T00:00:00Z\"}", "which does not fit Edm.DateTime")]
    [InlineData("{\"a@odata.type\": \"Edm.Binary\", \"a\": \"not base64!\"}", "which does not fit Edm.Binary")]
    [InlineData("{\"a@odata.type\": \"Edm.Double\", \"a\": 1e999}", "which does not fit Edm.Double")]
    [InlineData("{\"a\": 3000000000}", "is beyond Int32 without a type")]
    [InlineData("{\"a\": null}", "the service does not store")]
    [InlineData("{\"a\": [1]}", "is no Edm type")]
    public void Parse_WhatTheServiceWouldRefuse_IsOneSentenceNamingTheFile(string json, string expected)
    {
        var message = Refusal(json);

        Assert.StartsWith("--entity s.json", message, StringComparison.Ordinal);
        Assert.Contains(expected, message, StringComparison.Ordinal);
        Assert.DoesNotContain('\n', message);
        Assert.EndsWith(".", message, StringComparison.Ordinal);
    }

    [Fact]
    public void Parse_252Properties_AreOneTooMany_ForTheNonce()
    {
        var json = "{" + string.Join(",", Enumerable.Range(0, 252).Select(i => $"\"p{i}\": {i}")) + "}";

        Assert.Contains("holds 252 properties; an entity holds at most 252 custom properties, one of them TableLoad's batch nonce", Refusal(json), StringComparison.Ordinal);
        Assert.Equal(251, Parse("{" + string.Join(",", Enumerable.Range(0, 251).Select(i => $"\"p{i}\": {i}")) + "}").Properties.Count);
    }

    [Fact]
    public void Parse_StringsAndBinariesOver64KiB_AreRefused_AndAtTheLimitAccepted()
    {
        Assert.Contains("has 32769 characters; the service holds at most 32768 (64 KiB) in a string", Refusal($"{{\"s\": \"{new string('x', 32769)}\"}}"), StringComparison.Ordinal);
        Assert.Contains("has 65537 bytes; the service holds at most 65536 (64 KiB) in a binary",
            Refusal($"{{\"b@odata.type\": \"Edm.Binary\", \"b\": \"{Convert.ToBase64String(new byte[65537])}\"}}"), StringComparison.Ordinal);
        Assert.Single(Parse($"{{\"s\": \"{new string('x', 32768)}\"}}").Properties);
    }
}
