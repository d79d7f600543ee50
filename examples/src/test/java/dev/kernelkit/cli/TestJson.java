package dev.kernelkit.cli;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the JSON documents the commands write with Jackson's parser and tree model, strictly: a
 * duplicate key, trailing content, NaN, comments or any other deviation from RFC 8259 fails.
 */
final class TestJson {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private TestJson() {
    }

    /** The document in text, which must be one JSON object. */
    static JsonNode parse(String text) throws IOException {
        JsonNode node = MAPPER.readTree(text);
        if (node == null || !node.isObject()) {
            throw new IOException("not a JSON object: " + text);
        }
        return node;
    }

    /** The JSON object in a file. */
    static JsonNode read(Path file) throws IOException {
        return parse(Files.readString(file));
    }

    /** The keys of an object, in document order. */
    static List<String> keys(JsonNode object) {
        List<String> keys = new ArrayList<>();
        object.fieldNames().forEachRemaining(keys::add);
        return keys;
    }

    /** The elements of an array of numbers, as doubles. */
    static List<Double> doubles(JsonNode array) {
        if (!array.isArray()) {
            throw new IllegalArgumentException("not a JSON array: " + array);
        }
        List<Double> values = new ArrayList<>();
        for (JsonNode element : array) {
            if (!element.isNumber()) {
                throw new IllegalArgumentException("not a number: " + element);
            }
            values.add(element.doubleValue());
        }
        return values;
    }
}
