using Azure.Data.Tables;
using TableLoad.Workload;

namespace TableLoad.Storage.Sdk;

/// <summary>What an operation's SDK sender is made of: the client's table, entity template, query shape, clock and request ids.</summary>
internal sealed record SdkSenderParts(TableClient Table, EntityTemplate Template, QueryShape Query, TimeProvider Time, ClientRequestIdPolicy RequestIds);
