using System.Text;
using TableLoad.Storage;
using TableLoad.Storage.Wire;

namespace TableLoad.Tests.Storage;

public sealed class BatchResponseParserTests
{
    private const string Batch = "batchresponse_4c637ba4-b2e8-40f8-b8a8-b7b0e3d8d0aa";
    private const string Changeset = "changesetresponse_78c4bd58-bf03-4b1e-bd49-1a3e1b4c1b2a";

    private static BatchResponse Parse(string body) => BatchResponseParser.Parse(Encoding.UTF8.GetBytes(body));

    private static string Envelope(string parts) =>
        $"--{Batch}\r\nContent-Type: multipart/mixed; boundary={Changeset}\r\n\r\n{parts}--{Changeset}--\r\n--{Batch}--\r\n";

    private static string SucceededPart(int index) =>
        $"--{Changeset}\r\nContent-Type: application/http\r\nContent-Transfer-Encoding: binary\r\n\r\n" +
        "HTTP/1.1 204 No Content\r\nX-Content-Type-Options: nosniff\r\nCache-Control: no-cache\r\nPreference-Applied: return-no-content\r\n" +
        $"DataServiceVersion: 3.0;\r\nLocation: https://acct.table.core.windows.net/t(PartitionKey='p',RowKey='r{index:D3}')\r\n" +
        $"DataServiceId: https://acct.table.core.windows.net/t(PartitionKey='p',RowKey='r{index:D3}')\r\nETag: W/\"datetime'2024-03-05T12%3A07%3A09.123Z'\"\r\n\r\n";

    private static string FailedPart(string statusLine, string json) =>
        $"--{Changeset}\r\nContent-Type: application/http\r\nContent-Transfer-Encoding: binary\r\n\r\n" +
        $"HTTP/1.1 {statusLine}\r\nX-Content-Type-Options: nosniff\r\nCache-Control: no-cache\r\nDataServiceVersion: 3.0;\r\n" +
        "Content-Type: application/json;odata=minimalmetadata;streaming=true;charset=utf-8\r\n\r\n" + json + "\r\n";

    [Fact]
    public void Parse_AllOperationsNoContent_Succeeds()
    {
        var body = Envelope(string.Concat(Enumerable.Range(0, 5).Select(SucceededPart)));

        var response = Parse(body);

        Assert.True(response.Succeeded);
        Assert.Equal(new BatchResponse(202, null, null), response);
    }

    [Fact]
    public void Parse_EntityAlreadyExists_ReadsStatusCodeAndIndex()
    {
        const string json = """{"odata.error":{"code":"EntityAlreadyExists","message":{"lang":"en-US","value":"3:The specified entity already exists.\nRequestId:0d1e2f3a-4002-0055-7a3b-1c8e2b000000\nTime:2024-03-05T12:07:09.1234567Z"}}}""";

        var response = Parse(Envelope(FailedPart("409 Conflict", json)));

        Assert.False(response.Succeeded);
        Assert.Equal(409, response.HttpStatus);
        Assert.Equal("EntityAlreadyExists", response.ErrorCode);
        Assert.Equal(3, response.FailedIndex);
    }

    [Fact]
    public void Parse_ErrorWithoutIndex_LeavesIndexEmpty()
    {
        const string json = """{"odata.error":{"code":"InvalidInput","message":{"lang":"en-US","value":"Bad Request - Error in query syntax.\nRequestId:0d1e2f3a-4002-0055-7a3b-1c8e2b000000\nTime:2024-03-05T12:07:09.1234567Z"}}}""";

        var response = Parse(Envelope(FailedPart("400 Bad Request", json)));

        Assert.Equal(400, response.HttpStatus);
        Assert.Equal("InvalidInput", response.ErrorCode);
        Assert.Null(response.FailedIndex);
    }

    [Theory]
    [InlineData("""{"odata.error":{"code":"InvalidInput","message":{"lang":"en-US","value":"0:bad""")]
    [InlineData("""{"odata.error":{"code":"InvalidInput",,,}""")]
    [InlineData("""{not json at all""")]
    [InlineData("""<html><style>body{color:red}</style></html>""")]
    [InlineData("""{"odata.error":"InvalidInput"}""")]
    [InlineData("""{"odata.error":{"code":42}}""")]
    [InlineData("""{"odata.error":{"code":"InvalidInput","message":"0:plain text"}}""")]
    [InlineData("""["odata.error"]""")]
    public void Parse_MalformedErrorBody_ReportsStatusWithoutThrowing(string json)
    {
        var response = Parse(Envelope(FailedPart("400 Bad Request", json)));

        Assert.Equal(400, response.HttpStatus);
    }
}
